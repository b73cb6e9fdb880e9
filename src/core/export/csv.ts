/**
 * CSV of impacted resources (RFC 4180: CRLF line ends, fields with a comma, quote, CR or LF are
 * quoted, quotes doubled). Spreadsheet apps run cells that start with = + - @ (and tab or CR)
 * as formulas; such cells get a leading `'` (OWASP's CSV injection advice), since a resource
 * name or an `info` value comes from outside. The file starts with a UTF-8 BOM: without it Excel
 * reads a CSV in the system's legacy code page and garbles non-ASCII names. VS Code-free.
 */
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
