/**
 * Subscription display names: listed once per account (on sign-in, on Select Subscriptions) and
 * kept, so every place that names a subscription shows its name; the GUID only where no name is
 * known, or next to the name where telling two apart matters (tooltips). VS Code-free.
 */
import type { Subscription } from '../model/schemas';

/** Display names keyed by lower-case subscription id. */
export type SubscriptionNames = ReadonlyMap<string, string>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names a subscription listing gives, keyed by id as listed (for storage). */
export function namesFromListing(list: readonly Subscription[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const s of list) {
    const name = s.displayName?.trim();
    // A "name" that is a GUID tells nothing more than the id.
    if (name && !GUID.test(name)) {
      names[s.subscriptionId] = name;
    }
  }
  return names;
}

/** Merges stored name records into one lookup; later records win. */
export function mergeNames(...records: ReadonlyArray<Readonly<Record<string, string>> | undefined>): Map<string, string> {
  const out = new Map<string, string>();
  for (const record of records) {
    for (const [id, name] of Object.entries(record ?? {})) {
      if (typeof name === 'string' && name.trim() !== '') {
        out.set(id.toLowerCase(), name.trim());
      }
    }
  }
  return out;
}

/** The name, else the GUID. */
export function subscriptionLabel(id: string, names: SubscriptionNames): string {
  return names.get(id.toLowerCase()) ?? id;
}

/** "Name (GUID)" where a name is known, else the GUID: for tooltips. */
export function subscriptionTooltip(id: string, names: SubscriptionNames): string {
  const name = names.get(id.toLowerCase());
  return name ? `${name} (${id})` : id;
}

/** A subscription's display name by id, undefined when none is known. */
export type SubscriptionNamer = (subscriptionId: string) => string | undefined;

/** The namer of a names map (ids compare case-insensitively). */
export function namerOf(names: SubscriptionNames): SubscriptionNamer {
  return (id) => names.get(id.toLowerCase());
}

/** The GUID's first group ("1234abcd"): enough to tell two like-named subscriptions apart. */
export function shortSubscriptionId(id: string): string {
  return GUID.test(id) ? id.slice(0, 8) : id;
}

/** "Name (1234abcd)" where a name is known, else the GUID: the full id stays in tooltips and copies. */
export function subscriptionDisplay(id: string, name: SubscriptionNamer | undefined): string {
  const known = name?.(id)?.trim();
  return known ? `${known} (${shortSubscriptionId(id)})` : id;
}

/** The name alone where the id adds nothing (a sentence naming one subscription), else the GUID. */
export function subscriptionNameOr(id: string, name: SubscriptionNamer | undefined): string {
  return name?.(id)?.trim() || id;
}

/** "A", "A and B", "A, B and 3 more": names of distinct subscriptions for one sentence. */
export function subscriptionList(ids: readonly string[], name: SubscriptionNamer | undefined, shown = 2): string {
  const distinct = [...new Map(ids.map((id) => [id.toLowerCase(), id])).values()].map((id) => subscriptionNameOr(id, name));
  if (distinct.length <= shown + 1) {
    return distinct.length <= 1 ? (distinct[0] ?? '') : `${distinct.slice(0, -1).join(', ')} and ${distinct[distinct.length - 1] ?? ''}`;
  }
  return `${distinct.slice(0, shown).join(', ')} and ${distinct.length - shown} more`;
}
