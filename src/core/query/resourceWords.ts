/**
 * Plain words of the resource terms: "down", "unhealthy", "degraded" read as `health:`, and
 * "rg-app", "resource group rg-app", "rg rg-app" as `rg:`. "Down" (and "offline", "unavailable") is
 * Unavailable only: a Degraded resource still serves, so it is not down; "unhealthy" and "not
 * healthy" are every state but Available. Negation ("not down") is the other known states.
 */
import { compactKey } from './normalize';
import type { ParsedQuery } from './types';
import { healthStatesOf } from './vocabulary';

/** The documented states; "not X" stands for the ones X does not name. */
const STATES: readonly string[] = ['Available', 'Unavailable', 'Degraded', 'Unknown'];

/** Plain words read as health (a subset of `health:` values: "up" and "available" say too little alone). */
const HEALTH_PLAIN = new Set(['down', 'offline', 'unavailable', 'degraded', 'unhealthy', 'healthy']);

/** "rg-app", "rg_app": a resource group by the common naming convention. */
const RG_NAME = /^rg[-_.][\p{L}\p{N}._()-]+$/iu;

export type ResourceWords = { readonly consumed: number } & ({ readonly health: readonly string[] } | { readonly resourceGroup: string });

/** The resource words starting at word i (lower and raw spellings side by side); undefined: none. */
export function readResourceWords(lower: readonly string[], raw: readonly string[], i: number): ResourceWords | undefined {
  const w = lower[i] ?? '';
  if (HEALTH_PLAIN.has(w)) {
    const health = healthStatesOf(w);
    return health ? { consumed: 1, health } : undefined;
  }
  const next = raw[i + 1];
  if (w === 'resource' && lower[i + 1] === 'group' && raw[i + 2]) return { consumed: 3, resourceGroup: raw[i + 2] ?? '' };
  if ((w === 'rg' || w === 'resourcegroup') && next) return { consumed: 2, resourceGroup: next };
  if (RG_NAME.test(w)) return { consumed: 1, resourceGroup: raw[i] ?? '' };
  return undefined;
}

/** Adds the words to the query; false when they cannot be negated (a resource group is not offered negated). */
export function applyResourceWords(q: ParsedQuery, words: ResourceWords, negated: boolean): boolean {
  const add = (key: 'health' | 'resourceGroups', values: readonly string[]): void => {
    const list = (q[key] ??= []);
    for (const v of values) if (!list.some((x) => compactKey(x) === compactKey(v))) list.push(v);
  };
  if ('health' in words) {
    const named = new Set(words.health.map((s) => s.toLowerCase()));
    add('health', negated ? STATES.filter((s) => !named.has(s.toLowerCase())) : words.health);
    return true;
  }
  if (negated) return false;
  add('resourceGroups', [words.resourceGroup]);
  return true;
}
