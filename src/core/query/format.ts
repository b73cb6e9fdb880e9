/**
 * formatQuery: ParsedQuery → its canonical structured text, e.g.
 * `type:ServiceIssue status:Active region:"West Europe" since:2026-11-20T00:00:00.000Z sort:priority`.
 * Parsing the result gives the same query back (times as absolute instants), which is what the
 * QuickPick history stores. `unrecognized` words are not part of the canonical form.
 */
import type { ParsedQuery, QueryFieldName, QueryFields } from './types';

const FIELD_KEYS: ReadonlyArray<readonly [QueryFieldName, string]> = [
  ['types', 'type'],
  ['subTypes', 'subtype'],
  ['statuses', 'status'],
  ['levels', 'level'],
  ['services', 'service'],
  ['regions', 'region'],
  ['tags', 'tag'],
  ['text', 'text'],
];

/** Values made only of letters, digits and a few safe marks go bare; anything else is quoted. */
export function quoteValue(value: string): string {
  if (/^[\p{L}\p{N}][\p{L}\p{N}._/+-]*$/u.test(value)) return value;
  return `"${value.replace(/[\\"\u201C\u201D\u201E]/gu, (c) => `\\${c}`)}"`;
}

function fieldTerms(fields: QueryFields, prefix: string): string[] {
  const terms: string[] = [];
  for (const [field, key] of FIELD_KEYS) {
    for (const value of fields[field]) terms.push(`${prefix}${key}:${quoteValue(value)}`);
  }
  return terms;
}

function isoOf(ms: number): string | undefined {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function formatQuery(q: ParsedQuery): string {
  const terms = [...fieldTerms(q, ''), ...fieldTerms(q.exclude, '-')];
  if (q.sensitive !== undefined) terms.push(`sensitive:${q.sensitive}`);
  if (q.hir !== undefined) terms.push(`hir:${q.hir}`);
  if (q.impacted !== undefined) terms.push(`impacted:${q.impacted ? 'yes' : 'no'}`);
  for (const [values, key] of [[q.health, 'health'], [q.resources, 'resource'], [q.resourceGroups, 'rg']] as const) {
    for (const value of values ?? []) terms.push(`${key}:${key === 'health' ? value.toLowerCase() : quoteValue(value)}`);
  }
  if (q.workspace !== undefined) terms.push(`workspace:${q.workspace ? 'yes' : 'no'}`);
  const since = q.since === undefined ? undefined : isoOf(q.since);
  if (since) terms.push(`since:${since}`);
  const until = q.until === undefined ? undefined : isoOf(q.until);
  if (until) terms.push(`until:${until}`);
  if (q.sort) terms.push(`sort:${q.sort}`);
  if (q.limit !== undefined) terms.push(`limit:${q.limit}`);
  return terms.join(' ');
}
