/**
 * The per-file cache behind the reader: each file is parsed once and again only when it changes
 * (`set`); the report is resolved across files on demand, which is cheap next to parsing.
 */
import { fileProblem, readFacts } from './classify';
import type { DeploymentRegions } from './evaluate';
import type { FileFacts } from './facts';
import { resolveFacts } from './resolve';
import type { InfraReport } from './types';

export class InfraIndex {
  private readonly files = new Map<string, FileFacts>();
  private cached: InfraReport | undefined;
  private regions: DeploymentRegions | undefined;
  /** The last deployedReport: what it left out, the full report it was made beside (changes when any file does), and its report. */
  private deployed: { key: string; of: InfraReport; report: InfraReport } | undefined;

  /** `regions`: the deployment's regions, when the caller knows them (see setRegions). */
  constructor(regions?: DeploymentRegions) {
    this.regions = regions;
  }

  /** The regions `resourceGroup().location` and `deployment().location` stand for (a flag, the editor's choice); undefined forgets them. */
  setRegions(regions: DeploymentRegions | undefined): void {
    this.regions = regions;
    this.cached = undefined;
  }

  /** Reads (or re-reads) one file; false when it is not an infrastructure file. */
  set(path: string, text: string): boolean {
    const facts = readFacts(path, text);
    if (!facts) {
      return this.delete(path) && false;
    }
    this.files.set(path, facts);
    this.cached = undefined;
    return true;
  }

  /** Records a file that was not read, with why (too large, unreadable, a link loop). */
  skip(path: string, reason: string): void {
    this.files.set(path, fileProblem(reason));
    this.cached = undefined;
  }

  delete(path: string): boolean {
    const had = this.files.delete(path);
    if (had) {
      this.cached = undefined;
    }
    return had;
  }

  /** Forgets `path` and every file under it (a deleted folder); true when something was held. */
  deleteUnder(path: string): boolean {
    const prefix = path.endsWith('/') ? path : `${path}/`;
    let had = this.delete(path);
    for (const held of [...this.files.keys()]) {
      if (held.startsWith(prefix)) had = this.delete(held) || had;
    }
    return had;
  }

  /** The paths of the files held (read or skipped). */
  paths(): string[] {
    return [...this.files.keys()];
  }

  get size(): number {
    return this.files.size;
  }

  report(): InfraReport {
    this.cached ??= resolveFacts(this.files, this.regions ? { regions: this.regions } : {});
    return this.cached;
  }

  /**
   * The report of what the folder deploys, without the files `deploys` leaves out (test and example
   * templates, excluded globs), which are listed in `undeployed`; `all` is the report with them too
   * (only when some are left out), for the notes of such a file the user opened.
   */
  deployedReport(deploys: (path: string) => boolean): { report: InfraReport; undeployed: string[]; all?: InfraReport } {
    const undeployed = [...this.files.keys()].filter((path) => !deploys(path));
    if (undeployed.length === 0) {
      return { report: this.report(), undeployed };
    }
    const key = undeployed.join('\n');
    if (!this.deployed || this.deployed.key !== key || this.deployed.of !== this.cached) {
      const left = new Set(undeployed);
      const kept = new Map([...this.files].filter(([path]) => !left.has(path)));
      this.deployed = { key, of: this.report(), report: resolveFacts(kept, this.regions ? { regions: this.regions } : {}) };
    }
    return { report: this.deployed.report, undeployed, all: this.deployed.of };
  }
}
