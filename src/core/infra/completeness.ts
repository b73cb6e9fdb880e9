/**
 * Whether a read checked everything (the gate fails closed): every entry the reader could not
 * evaluate, every cap, unreadable file or folder, and a read that found no target at all make it
 * incomplete. Informational entries (a resource no Service Health service covers) do not.
 */
import type { InfraReport, InfraUnresolved } from './types';

export interface Completeness {
  /** True when nothing is left unchecked. */
  readonly complete: boolean;
  /** What could not be checked, each with file, line and reason. */
  readonly unchecked: readonly InfraUnresolved[];
  /** Informational entries: understood, and not a reason the check is incomplete. */
  readonly notes: readonly InfraUnresolved[];
}

/** `filesRead`: the infrastructure files the read looked at (read or skipped), to tell "no templates here" from "templates with no target". */
export function completenessOf(report: InfraReport, filesRead: number): Completeness {
  const unchecked = report.unresolved.filter((u) => u.info !== true);
  const notes = report.unresolved.filter((u) => u.info === true);
  if (report.targets.length === 0 && unchecked.length === 0) {
    unchecked.push({
      file: '.',
      line: 0,
      column: 0,
      reason:
        filesRead > 0
          ? `no deployment target (service and region) was found in the ${filesRead} infrastructure file${filesRead === 1 ? '' : 's'} read`
          : 'no infrastructure files (Bicep, ARM, Terraform, azd) were found in this folder',
    });
  }
  return { complete: unchecked.length === 0, unchecked, notes };
}
