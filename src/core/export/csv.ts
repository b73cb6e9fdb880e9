/** CSV of impacted resources (RFC 4180), safe from formula injection. Why: docs/architecture.md#export-csv */
import type { ImpactedRow } from '../render/impactedRows';
import { subscriptionNameOr, type SubscriptionNamer } from '../subscriptions/names';

/** "Subscription" is the name people know it by (the GUID when none is known); its GUID follows. */
export const CSV_HEADER = ['Name', 'Type', 'Resource group', 'Region', 'Subscription', 'Subscription ID', 'Resource ID'] as const;

/** One cell: formula-guarded, then quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value;
  return /[",\r\n]/u.test(guarded) ? `"${guarded.replace(/"/gu, '""')}"` : guarded;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** Header plus one line per resource, each line ending in CRLF. */
export function impactedResourcesCsv(rows: readonly ImpactedRow[], subscriptionName?: SubscriptionNamer): string {
  const lines = [
    csvLine(CSV_HEADER),
    ...rows.map((r) => csvLine([r.name, r.type, r.resourceGroup, r.region, subscriptionNameOr(r.subscriptionId, subscriptionName), r.subscriptionId, r.resourceId ?? ''])),
  ];
  return lines.map((l) => `${l}\r\n`).join('');
}

/** The byte order mark Excel needs to read a CSV as UTF-8 (other apps and decoders skip it). */
export const UTF8_BOM = '\uFEFF';

/** The bytes of a CSV file as saved: a UTF-8 BOM (EF BB BF), then the text in UTF-8. */
export function csvFileBytes(text: string): Uint8Array {
  return new TextEncoder().encode(UTF8_BOM + text);
}
