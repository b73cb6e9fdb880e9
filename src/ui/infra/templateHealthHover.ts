/**
 * The hover's health part: a template's resource whose name (and type) matches resources the
 * Resources view listed shows their current health, each with a Show Health Details link. Nothing
 * is said when nothing was listed: an unlisted resource is unknown, never "healthy". VS Code-free
 * (the words come from the caller), so unit-tested.
 */
import { matchTemplateResource, type TemplateHealthMatch } from '../../core/health/templateHealth';
import type { InfraTarget } from '../../core/infra';
import { healthTime, occurredTimeOf, stateOf, type AvailabilityStatus } from '../../core/model/availability';
import { formatWhen } from '../../core/render/time';
import { commandUri, escapeMarkdown } from '../../core/text/markdown';
import { Command } from '../base/commandIds';

/** Resources listed in the hover for one name; the rest are counted. */
export const HOVER_MATCHES = 3;

/** The hover's words, localized by the caller. */
export interface HealthWords {
  /** "Degraded since 2 hours ago (…)". */
  readonly since: (state: string, when: string) => string;
  readonly showDetails: string;
  readonly noGroup: string;
  /** "and 2 more". */
  readonly more: (n: number) => string;
  /** "app-web is in 2 resource groups or subscriptions:". */
  readonly several: (name: string, n: number) => string;
}

/** Markdown for the health of the named resources of these targets (those on the hovered line), or undefined. */
export function templateHealthMarkdown(targets: readonly InfraTarget[], statuses: readonly AvailabilityStatus[], now: number, words: HealthWords): string | undefined {
  if (statuses.length === 0) {
    return undefined;
  }
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const target of targets) {
    const key = `${target.name ?? ''}\n${target.resourceType ?? ''}`;
    if (!target.name || seen.has(key)) {
      continue;
    }
    seen.add(key);
    const matches = matchTemplateResource(target, statuses);
    if (matches.length > 0) {
      parts.push(partOf(target.name, matches, now, words));
    }
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

function partOf(name: string, matches: readonly TemplateHealthMatch[], now: number, words: HealthWords): string {
  const [only] = matches;
  if (only && matches.length === 1) {
    return `**${escapeMarkdown(name)}**: ${healthText(only, now, words)}`;
  }
  const lines = matches.slice(0, HOVER_MATCHES).map((m) => `- ${escapeMarkdown(m.resourceGroup ?? words.noGroup)}: ${healthText(m, now, words)}`);
  const more = matches.length - HOVER_MATCHES;
  if (more > 0) {
    lines.push(`- ${escapeMarkdown(words.more(more))}`);
  }
  return `**${escapeMarkdown(words.several(name, matches.length))}**\n\n${lines.join('\n')}`;
}

/** "Degraded since 2 hours ago (…) — Show Health Details" with the link running our command on this resource. */
function healthText(match: TemplateHealthMatch, now: number, words: HealthWords): string {
  const state = stateOf(match.status) ?? '';
  const since = healthTime(occurredTimeOf(match.status));
  const text = since !== undefined ? words.since(state, formatWhen(since, now)) : state;
  const link = commandUri(Command.showResourceHealth, [match.resourceId]);
  return `${escapeMarkdown(text)} — [${escapeMarkdown(words.showDetails)}](${link})`;
}
