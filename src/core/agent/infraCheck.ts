/**
 * "Check infrastructure" for the agent tools (VS Code's serviceHealth_checkWorkspace, MCP
 * check_infrastructure): the templates' targets against the events, matched exactly as the CLI's
 * `check --infra` gate matches them (infra/match.ts), in one bounded answer: every list is capped
 * here and counted, and answerText (budget.ts) is the last guard. VS Code-free.
 */
import { matchEvents, type InfraMatch } from '../infra/match';
import type { InfraReport, InfraTarget, InfraUnresolved } from '../infra/types';
import type { HealthEvent } from '../model/eventModel';
import { clip } from './answerParts';

/** Listed per answer; the rest are counted. Sized so the three lists fit the 16 KB budget together in all but extreme cases (long titles and reasons), which answerText trims. */
export const MATCHES_SHOWN = 25;
export const TARGETS_SHOWN = 30;
export const UNRESOLVED_SHOWN = 10;

/** What one folder's read found: its report and the template files it holds (read or skipped). */
export interface FolderReport {
  /** Put before each file path (the folder's name when several folders are checked; '' for one). */
  readonly prefix: string;
  readonly report: InfraReport;
  readonly paths: readonly string[];
  /** Only this subfolder (relative, forward slashes; '' or absent: the whole folder). */
  readonly under?: string;
}

/** Several folders' reports as one, each narrowed to its subfolder and each file path led by its folder's prefix. */
export function mergeReports(parts: readonly FolderReport[]): { report: InfraReport; files: number } {
  const keep = (under: string | undefined) => (file: string) => !under || file === under || file.startsWith(`${under}/`);
  const at = <T extends { file: string }>(prefix: string, item: T): T => (prefix ? { ...item, file: `${prefix}/${item.file}` } : item);
  const pick = <T extends { file: string }>(p: FolderReport, items: readonly T[]): T[] => items.filter((i) => keep(p.under)(i.file)).map((i) => at(p.prefix, i));
  return {
    report: {
      targets: parts.flatMap((p) => pick(p, p.report.targets)),
      unresolved: parts.flatMap((p) => pick(p, p.report.unresolved)),
      subscriptions: [...new Set(parts.flatMap((p) => p.report.subscriptions))],
    },
    files: parts.reduce((n, p) => n + p.paths.filter(keep(p.under)).length, 0),
  };
}

const place = (file: string, line: number): string => (line > 0 ? `${file}:${line}` : file);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The answer: which active service issues and planned maintenance touch which targets (each at
 * file:line), the targets, and what could not be read with why. `where` names what was read
 * ("the workspace", a folder) in the interpretation.
 */
export function infraAnswer(report: InfraReport, files: number, events: readonly HealthEvent[], where: string): Record<string, unknown> {
  if (files === 0) {
    return { interpretation: `No templates (Bicep, ARM JSON, Terraform or azd) were found in ${where}, so nothing was checked.`, matchCount: 0, targetCount: 0 };
  }
  const matches = report.targets.length === 0 ? [] : matchEvents(events, report.targets);
  return {
    interpretation: interpretation(report, matches, where),
    matchCount: matches.length,
    matches: matches.slice(0, MATCHES_SHOWN).map(matchRow),
    ...more(matches, MATCHES_SHOWN, 'matches', 'moreMatches'),
    targetCount: report.targets.length,
    targets: report.targets.slice(0, TARGETS_SHOWN).map(targetRow),
    ...more(report.targets, TARGETS_SHOWN, 'targets', 'moreTargets'),
    unresolvedCount: report.unresolved.length,
    unresolved: report.unresolved.slice(0, UNRESOLVED_SHOWN).map(unresolvedRow),
    ...more(report.unresolved, UNRESOLVED_SHOWN, 'entries', 'moreUnresolved'),
  };
}

function interpretation(report: InfraReport, matches: readonly InfraMatch[], where: string): string {
  const targets = plural(report.targets.length, 'target');
  const notRead = report.unresolved.length > 0 ? ` ${plural(report.unresolved.length, 'place')} could not be checked (see unresolved).` : '';
  if (report.targets.length === 0) {
    return `No deployment targets (service and region) were found in the templates of ${where}, so nothing was checked.${notRead}`;
  }
  if (matches.length === 0) {
    return `No active service issue or planned maintenance touches the ${targets} the templates of ${where} deploy.${notRead}`;
  }
  const events = new Set(matches.map((m) => m.trackingId)).size;
  const touched = new Set(matches.map((m) => `${m.file}\n${m.line}\n${m.service}\n${m.region}`)).size;
  return `${plural(events, 'active event')} (service issue or planned maintenance) touch${events === 1 ? 'es' : ''} ${touched} of the ${targets} the templates of ${where} deploy: same service, same region.${notRead}`;
}

function more(items: readonly unknown[], shown: number, noun: string, key: string): Record<string, string> {
  return items.length > shown ? { [key]: `Showing ${shown} of ${items.length} ${noun}; the user can see them all with \`health-events check --infra DIR\`.` } : {};
}

function matchRow(m: InfraMatch): Record<string, unknown> {
  return { trackingId: m.trackingId, eventType: m.eventType, title: clip(m.title, 160), service: m.service, region: m.region, at: place(m.file, m.line) };
}

function targetRow(t: InfraTarget): Record<string, unknown> {
  return { service: t.service, region: t.region, at: place(t.file, t.line) };
}

function unresolvedRow(u: InfraUnresolved): Record<string, unknown> {
  return { at: place(clip(u.file, 200), u.line), reason: clip(u.reason, 200) };
}
