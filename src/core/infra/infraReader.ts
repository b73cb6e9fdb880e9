/**
 * The template reader off the main thread: a worker (infraWorker.ts) parses and resolves texts or a
 * folder the main thread sends. A watchdog gives each file and each resolution a time budget; a file
 * that runs over or crashes the worker is unchecked, a fresh worker goes on. Why: docs/architecture.md#infra-reader
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { DeploymentRegions } from './evaluate';
import type { ReadDirOptions } from './readDir';
import type { Entry, Job, Outcome } from './readerJobs';
import { CRASHED, RESOLVE_TOO_SLOW, TOO_SLOW, unreadReport, type FolderRead, type FromWorker, type ReaderOp, type SetAnswer, type TemplateGlobs } from './readerProtocol';

export type { FolderRead } from './readerProtocol';

/** Time for the watchdog (tests pass a fake clock); `sleep` rejects when its signal aborts. */
export interface ReaderClock {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface InfraReaderOptions {
  /** Time one file may take to parse (default 2 s). */
  readonly fileBudgetMs?: number;
  /** Time resolving a folder's report (or listing a folder) may take (default 5 s). */
  readonly resolveBudgetMs?: number;
  readonly clock?: ReaderClock;
  /** The worker's script; by default infraWorker.js next to this module (dist/ or out/). */
  readonly workerPath?: string;
  /** One line per file cut short or worker restarted, for the log. */
  readonly log?: (line: string) => void;
}

export const DEFAULT_FILE_BUDGET_MS = 2_000;
export const DEFAULT_RESOLVE_BUDGET_MS = 5_000;

const realClock: ReaderClock = { sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : {}) };

const abortError = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('The read was stopped.', 'AbortError');

export class InfraReader {
  /** What each folder's worker index holds (its files, the deployment regions the editor chose), to send again to a fresh worker. */
  private readonly mirror = new Map<string, Map<string, Entry>>();
  private readonly regions = new Map<string, DeploymentRegions>();
  private readonly reports = new Map<string, Promise<FolderRead>>();
  private readonly globs = new Map<string, TemplateGlobs>();
  private queue: Job[] = [];
  private current: Job | undefined;
  private worker: Worker | undefined;
  private ready = false;
  /** A worker ended: the next one first gets what the mirror holds. */
  private lost = false;
  private timer: AbortController | undefined;
  private nextId = 1;
  private disposed = false;
  private readonly fileBudgetMs: number;
  private readonly resolveBudgetMs: number;
  private readonly clock: ReaderClock;
  private readonly workerPath: string;

  constructor(private readonly options: InfraReaderOptions = {}) {
    this.fileBudgetMs = options.fileBudgetMs ?? DEFAULT_FILE_BUDGET_MS;
    this.resolveBudgetMs = options.resolveBudgetMs ?? DEFAULT_RESOLVE_BUDGET_MS;
    this.clock = options.clock ?? realClock;
    this.workerPath = options.workerPath ?? join(__dirname, 'infraWorker.js');
  }

  /** Reads (or re-reads) one file of a folder; true when the folder's index changed (same text: false, unasked). */
  set(folder: string, path: string, text: string): Promise<boolean> {
    const held = this.entries(folder).get(path);
    if (held && 'text' in held && held.text === text) return Promise.resolve(false);
    this.reports.delete(folder);
    return this.enqueue<boolean>(
      { op: 'set', folder, path, text },
      this.fileBudgetMs,
      (value) => {
        const answer = value as SetAnswer;
        if (answer.held) this.entries(folder).set(path, { text });
        else this.entries(folder).delete(path);
        return answer.held || answer.had;
      },
      (why) => {
        this.entries(folder).set(path, { reason: why });
        return { value: true };
      },
    );
  }

  /** Records a file that was not read, with why (too large, unreadable). */
  skip(folder: string, path: string, reason: string): Promise<void> {
    this.entries(folder).set(path, { reason });
    this.reports.delete(folder);
    return this.enqueue<void>({ op: 'skip', folder, path, reason }, this.fileBudgetMs, () => undefined, () => ({ value: undefined }));
  }

  /** Forgets a file (or, `under`, a folder and every file in it); true when something was held. */
  delete(folder: string, path: string, under = false): boolean {
    const entries = this.entries(folder);
    const prefix = path.endsWith('/') ? path : `${path}/`;
    let had = entries.delete(path);
    if (under) {
      for (const held of [...entries.keys()]) if (held.startsWith(prefix)) had = entries.delete(held) || had;
    }
    if (had) {
      this.reports.delete(folder);
      void this.enqueue<void>({ op: 'delete', folder, path, under }, this.fileBudgetMs, () => undefined, () => ({ value: undefined })).catch(() => undefined);
    }
    return had;
  }

  /** The regions `resourceGroup().location` and `deployment().location` stand for in the folder; undefined forgets them. */
  setRegions(folder: string, regions: DeploymentRegions | undefined): Promise<void> {
    this.reports.delete(folder);
    if (regions) this.regions.set(folder, regions);
    else this.regions.delete(folder);
    return this.enqueue<void>({ op: 'regions', folder, ...(regions ? { regions } : {}) }, this.fileBudgetMs, () => undefined, () => ({ value: undefined }));
  }

  /** Forgets a whole folder (a workspace folder removed). */
  drop(folder: string): void {
    this.mirror.delete(folder);
    this.globs.delete(folder);
    this.regions.delete(folder);
    this.reports.delete(folder);
    void this.enqueue<void>({ op: 'drop', folder }, this.fileBudgetMs, () => undefined, () => ({ value: undefined })).catch(() => undefined);
  }

  /** The paths a folder holds (read or skipped). */
  paths(folder: string): string[] {
    return [...this.entries(folder).keys()];
  }

  /** Which templates a folder deploys (the editor's include/exclude); the report is resolved again. */
  setGlobs(folder: string, globs: TemplateGlobs): void {
    this.reports.delete(folder);
    this.globs.set(folder, globs);
  }

  /** The folder's report, resolved across its files in the worker (kept until the folder changes). */
  report(folder: string): Promise<FolderRead> {
    let report = this.reports.get(folder);
    if (!report) {
      report = this.enqueue<FolderRead>(
        { op: 'report', folder, globs: this.globs.get(folder) ?? {} },
        this.resolveBudgetMs,
        (value) => value as FolderRead,
        () => ({ value: unreadReport(this.paths(folder), RESOLVE_TOO_SLOW) }),
      );
      this.reports.set(folder, report);
      const settled = report;
      settled.catch(() => this.reports.get(folder) === settled && this.reports.delete(folder));
    }
    return report;
  }

  /** Walks a folder on disk in the worker (the CLI, the MCP server); aborting terminates the worker. */
  readDir(root: string, limits: ReadDirOptions = {}, signal?: AbortSignal): Promise<FolderRead> {
    const slow: Array<readonly [string, string]> = [];
    const op = (): ReaderOp => ({ op: 'readDir', root, limits, slow: [...slow] });
    return this.enqueue<FolderRead>(
      op(),
      this.resolveBudgetMs,
      (value) => value as FolderRead,
      (why, job) => {
        if (job.resolving) return { value: unreadReport(job.seen, RESOLVE_TOO_SLOW) };
        if (job.reading === undefined) return { value: unreadReport([], 'listing the folder took too long, so nothing was checked') };
        // The file that ran over is skipped on the next walk, which reads every other file again.
        slow.push([job.reading, why]);
        return { retry: op() };
      },
      signal,
    );
  }

  dispose(): void {
    this.disposed = true;
    this.stopWorker();
    const pending = [...(this.current ? [this.current] : []), ...this.queue];
    this.current = undefined;
    this.queue = [];
    for (const job of pending) job.failed(new DOMException('The template reader was closed.', 'AbortError'));
  }

  private entries(folder: string): Map<string, Entry> {
    let entries = this.mirror.get(folder);
    if (!entries) {
      entries = new Map();
      this.mirror.set(folder, entries);
    }
    return entries;
  }

  private enqueue<T>(op: ReaderOp, budgetMs: number, done: (value: unknown) => T, cut: (why: string, job: Job) => Outcome, signal?: AbortSignal): Promise<T> {
    if (this.disposed) return Promise.reject(new DOMException('The template reader was closed.', 'AbortError'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        op,
        budgetMs,
        done: (value) => {
          try {
            resolve(done(value));
          } catch (error) {
            reject(error);
          }
        },
        settle: (value) => resolve(value as T),
        failed: reject,
        cut,
        seen: [],
      };
      signal?.addEventListener('abort', () => this.abort(job, signal), { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** An aborted job: dropped from the queue, or its worker terminated when it is the one running. */
  private abort(job: Job, signal: AbortSignal): void {
    if (this.current === job) {
      this.current = undefined;
      this.stopWorker();
      this.lost = true;
    } else {
      const i = this.queue.indexOf(job);
      if (i < 0) return;
      this.queue.splice(i, 1);
    }
    job.failed(abortError(signal));
    this.pump();
  }

  private pump(): void {
    if (this.current || this.disposed || this.queue.length === 0) return;
    if (!this.worker) this.startWorker();
    const worker = this.worker;
    const job = this.queue.shift();
    if (!this.ready || !worker || !job) {
      if (job) this.queue.unshift(job);
      return;
    }
    this.current = job;
    job.id = this.nextId++;
    worker.postMessage({ ...job.op, job: job.id });
    this.arm(job, job.budgetMs);
  }

  private startWorker(): void {
    let worker: Worker;
    try {
      worker = new Worker(this.workerPath);
    } catch (error) {
      this.failAll(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // An idle reader never keeps a CLI or a test process alive; a running job's watchdog timer does.
    worker.unref();
    this.worker = worker;
    this.ready = false;
    if (this.lost) {
      this.lost = false;
      // What the lost worker held goes first, then what was waiting.
      this.queue = this.replay().concat(this.queue);
    }
    worker.on('message', (message: FromWorker) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onExit(worker, error));
    worker.on('exit', (code) => this.onExit(worker, new Error(`the reader's thread ended (exit code ${code})`)));
  }

  /** What the folders held, as jobs for a fresh worker; a file that runs over now is marked unchecked. */
  private replay(): Job[] {
    const replayed = (op: ReaderOp, cut: (why: string) => Outcome): Job => ({ op, budgetMs: this.fileBudgetMs, done: () => undefined, settle: () => undefined, failed: () => undefined, cut, seen: [] });
    const jobs = [...this.regions].map(([folder, regions]) => replayed({ op: 'regions', folder, regions }, () => ({ value: undefined })));
    for (const [folder, entries] of this.mirror) {
      for (const [path, entry] of entries) {
        const op: ReaderOp = 'text' in entry ? { op: 'set', folder, path, text: entry.text } : { op: 'skip', folder, path, reason: entry.reason };
        const cut = (why: string): Outcome => {
          entries.set(path, { reason: why });
          this.reports.delete(folder);
          return { value: undefined };
        };
        jobs.push(replayed(op, cut));
      }
    }
    return jobs;
  }

  private onMessage(worker: Worker, message: FromWorker): void {
    if (worker !== this.worker) return;
    if (message.kind === 'ready') {
      this.ready = true;
      this.pump();
      return;
    }
    const job = this.current;
    if (!job || job.id !== message.job) return;
    switch (message.kind) {
      case 'reading':
        job.reading = message.path;
        job.seen.push(message.path);
        this.arm(job, this.fileBudgetMs);
        return;
      case 'resolving':
        job.reading = undefined;
        job.resolving = true;
        this.arm(job, this.resolveBudgetMs);
        return;
      case 'done':
        this.finish();
        job.done(message.value);
        break;
      case 'failed':
        this.finish();
        job.failed(new Error(message.message));
        break;
    }
    this.pump();
  }

  private onExit(worker: Worker, error: Error): void {
    if (worker !== this.worker) return;
    const started = this.ready;
    this.worker = undefined;
    this.ready = false;
    this.lost = true;
    const job = this.current;
    if (!started) {
      this.failAll(error);
      return;
    }
    if (job) this.cutShort(job, CRASHED);
    else this.pump();
  }

  /** The script itself cannot load: every waiting read fails with one sentence; the next call tries again. */
  private failAll(error: Error): void {
    const pending = [...(this.current ? [this.current] : []), ...this.queue];
    this.finish();
    this.queue = [];
    const failure = new Error(`The template reader could not start (${error.message}); reload the window, and reinstall the extension if it persists.`);
    for (const p of pending) p.failed(failure);
  }

  /** Starts the watchdog's budget for what the worker does now. */
  private arm(job: Job, ms: number): void {
    this.timer?.abort();
    const timer = new AbortController();
    this.timer = timer;
    this.clock.sleep(ms, timer.signal).then(
      () => {
        if (this.timer === timer && this.current === job) this.cutShort(job, TOO_SLOW);
      },
      () => undefined,
    );
  }

  private finish(): void {
    this.timer?.abort();
    this.timer = undefined;
    this.current = undefined;
  }

  /** The watchdog (or a crash) ends the job: the worker goes, a fresh one continues with the rest. */
  private cutShort(job: Job, why: string): void {
    this.finish();
    this.stopWorker();
    this.lost = true;
    const what = job.op.op === 'readDir' ? (job.reading ?? job.op.root) : 'path' in job.op ? job.op.path : `the report of ${job.op.folder}`;
    this.log(`${why === TOO_SLOW ? 'Reading took too long' : 'The reader stopped'} on ${what}; a fresh reader goes on with the rest.`);
    const outcome = job.cut(why, job);
    if ('retry' in outcome) {
      this.queue.unshift({ ...job, op: outcome.retry, seen: [], reading: undefined, resolving: false });
    } else {
      job.settle(outcome.value);
    }
    this.pump();
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    void worker?.terminate();
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}
