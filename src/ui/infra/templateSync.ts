/**
 * The editor's template bookkeeping, VS Code-free (unit-tested on plain Node): which files each
 * workspace folder holds, open buffers over the disk, changes coalesced into one reread, and
 * "changed" only when the index really changed. WorkspaceInfra wires it to folders, watchers and
 * documents; the worker-backed InfraReader does the reading.
 */
import { infraFileKind } from '../../core/infra/classify';
import type { FolderRead, InfraReader, ReaderClock } from '../../core/infra/infraReader';

/** Where the files come from (VS Code's findFiles and file system, or a test's map). */
export interface TemplateSource {
  /** The folder's candidate files (relative paths) and whether the listing stopped at its cap. */
  list(folder: string): Promise<{ readonly paths: readonly string[]; readonly capped: boolean }>;
  /** One file from disk: its text, why it is skipped (too large), or undefined when it is gone or unreadable. */
  read(folder: string, path: string): Promise<{ readonly text: string } | { readonly skip: string } | undefined>;
}

export type TemplateReader = Pick<InfraReader, 'set' | 'skip' | 'delete' | 'drop' | 'report' | 'paths'>;

/** Typing and watcher bursts within this window become one reread (and at most one redraw). */
export const COALESCE_MS = 250;

/** A file the editor reads: an infrastructure file outside tools' folders. */
export const isWanted = (path: string): boolean => infraFileKind(path) !== undefined && !/(^|\/)(node_modules|\.terraform|\.git)\//.test(path);

/**
 * Whether a document starts the workspace read: a template by name, and JSON only when it holds an
 * ARM template or parameters file (`package.json` and `settings.json` never do).
 */
export function startsRead(path: string, text: string): boolean {
  const kind = infraFileKind(path);
  if (kind === undefined) return false;
  if (kind !== 'json') return true;
  return /schema\.management\.azure\.com\/schemas\/[^"]*deployment(Template|Parameters)/i.test(text.slice(0, 4096));
}

export class TemplateSync {
  private readonly folders = new Set<string>();
  /** Every path read once per folder, template or not, so catchUp does not read a package.json again. */
  private readonly seen = new Map<string, Set<string>>();
  /** Open documents' texts, by folder then path: they win over the disk while open. */
  private readonly buffers = new Map<string, Map<string, string>>();
  private pending = new Map<string, Set<string>>();
  /** The window now open for changes, and the reread of the last window (one at a time, in order). */
  private scheduled: Promise<void> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly reader: TemplateReader,
    private readonly source: TemplateSource,
    private readonly clock: ReaderClock,
    /** Called once per read or burst that changed a folder's index. */
    private readonly changed: () => void,
  ) {}

  get folderKeys(): string[] {
    return [...this.folders];
  }

  has(folder: string): boolean {
    return this.folders.has(folder);
  }

  /** Reads a workspace folder (first read, or one added later). */
  async addFolder(folder: string): Promise<void> {
    if (this.folders.has(folder)) return;
    this.folders.add(folder);
    this.seen.set(folder, new Set());
    try {
      const { paths } = await this.source.list(folder);
      for (const path of paths) await this.readOne(folder, path);
    } catch (error) {
      // Not read: the next start (or the folder added again) tries from the beginning.
      this.folders.delete(folder);
      this.seen.delete(folder);
      this.reader.drop(folder);
      throw error;
    }
    this.changed();
  }

  /** A workspace folder removed: its files are forgotten. */
  removeFolder(folder: string): void {
    if (!this.folders.delete(folder)) return;
    this.seen.delete(folder);
    this.buffers.delete(folder);
    this.pending.delete(folder);
    this.reader.drop(folder);
    this.changed();
  }

  /** The watcher saw a file created or changed: read again with the next burst. */
  diskChanged(folder: string, path: string): Promise<void> {
    return isWanted(path) ? this.schedule(folder, path) : Promise.resolve();
  }

  /** A file or folder deleted: forgotten at once (and every file under a folder). */
  deleted(folder: string, path: string): void {
    this.seen.get(folder)?.delete(path);
    if (this.folders.has(folder) && this.reader.delete(folder, path, true)) this.changed();
  }

  /** An open document's text as typed: read instead of the disk (coalesced). */
  bufferChanged(folder: string, path: string, text: string): Promise<void> {
    if (!isWanted(path)) return Promise.resolve();
    let buffers = this.buffers.get(folder);
    if (!buffers) {
      buffers = new Map();
      this.buffers.set(folder, buffers);
    }
    buffers.set(path, text);
    return this.schedule(folder, path);
  }

  /** A document closed: the disk's version counts again (an unsaved edit is dropped). */
  bufferClosed(folder: string, path: string): Promise<void> {
    return this.buffers.get(folder)?.delete(path) ? this.schedule(folder, path) : Promise.resolve();
  }

  /**
   * Files the watcher did not report are read, and files gone are forgotten. A listing that hit its
   * cap says nothing about the files it left out, so then nothing is forgotten.
   */
  async catchUp(): Promise<void> {
    let changed = false;
    for (const folder of this.folders) {
      const { paths, capped } = await this.source.list(folder);
      const seen = this.seen.get(folder) ?? new Set<string>();
      const listed = new Set(paths);
      if (!capped) {
        for (const path of [...seen]) {
          if (listed.has(path) || this.buffers.get(folder)?.has(path)) continue;
          seen.delete(path);
          changed = this.reader.delete(folder, path) || changed;
        }
      }
      for (const path of paths) {
        if (!seen.has(path)) changed = (await this.readOne(folder, path)) || changed;
      }
    }
    if (changed) this.changed();
  }

  report(folder: string): Promise<FolderRead> {
    return this.reader.report(folder);
  }

  /** Resolves when every change scheduled so far is read. */
  async settled(): Promise<void> {
    while (this.scheduled) await this.scheduled;
    await this.running;
  }

  private schedule(folder: string, path: string): Promise<void> {
    if (!this.folders.has(folder)) return Promise.resolve();
    let paths = this.pending.get(folder);
    if (!paths) {
      paths = new Set();
      this.pending.set(folder, paths);
    }
    paths.add(path);
    this.scheduled ??= this.clock.sleep(COALESCE_MS).then(() => {
      this.scheduled = undefined;
      const pending = this.pending;
      this.pending = new Map();
      this.running = this.running.then(() => this.flush(pending));
      return this.running;
    });
    return this.scheduled;
  }

  private async flush(pending: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
    let changed = false;
    for (const [folder, paths] of pending) {
      for (const path of paths) {
        if (this.folders.has(folder)) changed = (await this.readOne(folder, path)) || changed;
      }
    }
    if (changed) this.changed();
  }

  /** Reads one file (its open buffer, else the disk); true when the folder's index changed. */
  private async readOne(folder: string, path: string): Promise<boolean> {
    if (!isWanted(path)) return false;
    this.seen.get(folder)?.add(path);
    const buffer = this.buffers.get(folder)?.get(path);
    const file = buffer !== undefined ? { text: buffer } : await this.source.read(folder, path);
    if (!this.folders.has(folder)) return false;
    if (file === undefined) {
      this.seen.get(folder)?.delete(path);
      return this.reader.delete(folder, path);
    }
    if ('skip' in file) {
      await this.reader.skip(folder, path, file.skip);
      return true;
    }
    return this.reader.set(folder, path, file.text);
  }
}

/**
 * The first read, started once and shared by every caller; a failed one is forgotten (with the
 * failure passed to `failed`), so the next call tries again instead of staying unread all session (L8).
 */
export class RetryingStart {
  private running: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {}

  get isStarted(): boolean {
    return this.running !== undefined;
  }

  start(): Promise<void> {
    this.running ??= this.read().catch((error: unknown) => {
      this.running = undefined;
      this.failed(error);
    });
    return this.running;
  }
}
