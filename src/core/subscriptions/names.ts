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
