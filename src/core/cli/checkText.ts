/** What `check` prints: the matches with file:line, what could not be checked and why, then one line that says what to do. */
import type { Completeness } from '../infra/completeness';
import type { InfraMatch, InfraReport, InfraUnresolved } from '../infra/index';
import { terminalText } from '../text/htmlText';
import { table } from './format';

const place = (file: string, line: number): string => (line > 0 ? `${file}:${line}` : file);

/** A line whose region is the deployment's says which option gives it. */
function reasonOf(u: InfraUnresolved): string {
  if (!u.regionAtDeployment) {
    return u.reason;
  }
  return u.reason.includes('deployment().location') ? `${u.reason}; pass --location REGION` : `${u.reason}; pass --resource-group NAME or --location REGION`;
}

export function uncheckedJson(unchecked: readonly InfraUnresolved[]): { file: string; line: number; reason: string }[] {
  return unchecked.map((u) => ({ file: u.file, line: u.line, reason: reasonOf(u) }));
}

const list = (title: string, items: readonly InfraUnresolved[]): string => `${title} (${items.length}):\n${items.map((u) => `  ${place(u.file, u.line)}  ${reasonOf(u)}`).join('\n')}\n`;

export function checkText(report: InfraReport, completeness: Completeness, matches: readonly InfraMatch[], how: { failed: boolean; allowUnchecked: boolean }): string {
  const parts: string[] = [];
  if (matches.length > 0) {
    parts.push(
      table(
        ['TRACKING ID', 'TYPE', 'SERVICE', 'REGION', 'WHERE', 'TITLE'],
        matches.map((m) => [terminalText(m.trackingId), terminalText(m.eventType), m.service, m.region, place(m.file, m.line), terminalText(m.title).slice(0, 80)]),
      ),
    );
  }
  if (completeness.unchecked.length > 0) {
    parts.push(list('Not checked', completeness.unchecked));
  }
  if (completeness.notes.length > 0) {
    parts.push(list('Notes', completeness.notes));
  }
  parts.push(verdict(report, completeness, matches, how));
  return parts.join('\n');
}

function verdict(report: InfraReport, completeness: Completeness, matches: readonly InfraMatch[], how: { failed: boolean; allowUnchecked: boolean }): string {
  const targets = `${report.targets.length} target${report.targets.length === 1 ? '' : 's'}`;
  if (matches.length > 0) {
    const n = new Set(matches.map((m) => m.trackingId)).size;
    return `${n} active event${n === 1 ? '' : 's'} touch${n === 1 ? 'es' : ''} what these templates deploy (${targets}); wait for ${n === 1 ? 'it' : 'them'} to end or deploy elsewhere.\n`;
  }
  if (how.failed) {
    return '';
  }
  const none = report.targets.length === 0 ? '' : `No active service issue or planned maintenance touches the ${targets} these templates deploy`;
  if (completeness.complete) {
    return `${none}.\n`;
  }
  const n = completeness.unchecked.length;
  const what = `${n} line${n === 1 ? '' : 's'} could not be checked (listed above)`;
  return how.allowUnchecked
    ? `${none ? `${none}, but ` : ''}${what}; passing because of --allow-unchecked.\n`
    : `${none ? `${none}, but ` : ''}${what}, so the check is incomplete (exit 4): give the region with --resource-group or --location, fix or --exclude the rest, or pass --allow-unchecked to accept it.\n`;
}
