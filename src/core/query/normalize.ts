/**
 * String keys used to compare names the way people type them. Kept separate so the parser,
 * the predicate and formatQuery agree on what "the same name" means.
 */
import { splitTrailingParenthetical } from '../text/scan';

/** Lower-case letters and digits only, in any script: "West-Europe" and "west europe" → "westeurope". */
export function compactKey(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Region key: like `normalizeRegion` of src/core/api/odataFilter.ts (lower-case, no spaces,
 * hyphens or underscores) but also without other punctuation, so any two names that
 * normalizeRegion equates are equal here too, and plain-text n-grams ("west europe?") meet.
 */
export function regionKey(name: string): string {
  return compactKey(name);
}

/**
 * Service key: compact, without a leading "Azure"/"Microsoft" and without a trailing
 * parenthesised abbreviation, so "Azure Kubernetes Service (AKS)" meets "Kubernetes Service".
 */
export function serviceKey(name: string): string {
  const withoutAbbreviation = splitTrailingParenthetical(name)?.base ?? name;
  const key = compactKey(withoutAbbreviation).replace(/^(azure|microsoft)(?=.)/u, '');
  return key || compactKey(name);
}

/** Trims and collapses inner whitespace; control characters become spaces. */
export function cleanValue(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/** Adds `value` unless an equal one (by `key`) is already there. */
export function pushUnique(list: string[], value: string, key: (v: string) => string): void {
  const k = key(value);
  if (!list.some((existing) => key(existing) === k)) {
    list.push(value);
  }
}
