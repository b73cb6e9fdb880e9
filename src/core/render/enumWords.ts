/**
 * Words for the service's enum values, for everything people read: panel badges, tooltips, aria
 * labels, tree tooltips, chat. The values stay as received in data, queries and `--json`.
 * Values this build does not know (the enums are open) get a readable fallback, never the raw
 * camel-case value.
 */

/** Singular words for `eventType` (the tree's groups use their own plurals). */
const EVENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  ServiceIssue: 'Service issue',
  EmergingIssues: 'Emerging issue',
  PlannedMaintenance: 'Planned maintenance',
  HealthAdvisory: 'Health advisory',
  SecurityAdvisory: 'Security advisory',
  Billing: 'Billing',
  RCA: 'Post-incident review',
};

/** `eventSubType` values whose split form would read wrong ("Meter ID changes", not "Meter i d"). */
const SUB_TYPE_WORDS: Readonly<Record<string, string>> = {
  Retirement: 'Retirement',
  ForeignExchangeRateChange: 'Foreign exchange rate change',
  Underbilling: 'Underbilling',
  Overbilling: 'Overbilling',
  PriceChanges: 'Price changes',
  TaxChanges: 'Tax changes',
  MeterIDChanges: 'Meter ID changes',
  UnauthorizedPartyAbuse: 'Unauthorized party abuse',
};

const LEVEL_WORDS: Readonly<Record<string, string>> = {
  Critical: 'Critical',
  Error: 'Error',
  Warning: 'Warning',
  Informational: 'Informational',
};

const STATUS_WORDS: Readonly<Record<string, string>> = {
  Active: 'Active',
  Resolved: 'Resolved',
};

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  ResourceHealth: 'Resource Health',
  ServiceHealth: 'Service Health',
};

/**
 * `SomeNewValue` -> `Some new value`, `HIRStage` -> `HIR stage`, `snake_case` -> `Snake case`.
 * Runs of capitals (acronyms) are kept as written; other words after the first are lower-cased.
 */
export function enumFallbackWords(value: string): string {
  const words = value
    .trim()
    .replace(/[_\-\s]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .filter((w) => w !== '');
  if (words.length === 0) {
    return '';
  }
  const text = words.map((w, i) => (i > 0 && !/^[A-Z0-9]{2,}$/.test(w) ? w.toLowerCase() : w)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lookup(table: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (!value) {
    return '';
  }
  return table[value] ?? enumFallbackWords(value);
}

/** `ServiceIssue` -> `Service issue`. */
export function eventTypeWords(value: string | null | undefined): string {
  return lookup(EVENT_TYPE_WORDS, value);
}

/** `ForeignExchangeRateChange` -> `Foreign exchange rate change`. */
export function eventSubTypeWords(value: string | null | undefined): string {
  return lookup(SUB_TYPE_WORDS, value);
}

/** `eventLevel` and the insight `level`. */
export function levelWords(value: string | null | undefined): string {
  return lookup(LEVEL_WORDS, value);
}

/** Event and region status. */
export function statusWords(value: string | null | undefined): string {
  return lookup(STATUS_WORDS, value);
}

export function eventSourceWords(value: string | null | undefined): string {
  return lookup(SOURCE_WORDS, value);
}

/** The high-incident-rate stage (`hirStage`): a free string in the API; made readable. */
export function hirStageWords(value: string | null | undefined): string {
  return value ? enumFallbackWords(value) : '';
}
