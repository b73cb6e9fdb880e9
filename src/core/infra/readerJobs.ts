/** The reader's bookkeeping on the main thread: what a folder's worker index holds and each job the watchdog times. */
import type { ReaderOp } from './readerProtocol';

export type Entry = { readonly text: string } | { readonly reason: string };
export type Outcome = { readonly value: unknown } | { readonly retry: ReaderOp };

export interface Job {
  op: ReaderOp;
  readonly budgetMs: number;
  /** The worker's answer, mapped to the caller's value. */
  readonly done: (value: unknown) => void;
  /** The caller's value as it is (what `cut` gave). */
  readonly settle: (value: unknown) => void;
  readonly failed: (error: unknown) => void;
  /** The watchdog cut the job short (why: TOO_SLOW or CRASHED): a value to settle with, or an op to try again. */
  readonly cut: (why: string, job: Job) => Outcome;
  id?: number;
  /** readDir: the file being read now, and every file read. */
  reading?: string;
  readonly seen: string[];
  resolving?: boolean;
}
