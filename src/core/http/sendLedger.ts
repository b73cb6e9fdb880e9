/**
 * Our own sends per rate-limit bucket, numbered, so that a `remaining` read from a response is charged with exactly the sends it cannot have counted.
 * Why: docs/architecture.md#http-sendledger
 */

/** How a send ended: answered, lost without an answer (it may still have been counted), or never reached the service. */
export type SendOutcome = 'answered' | 'unanswered' | 'notReached';

interface BucketState {
  /** Number of the next send to this bucket. */
  next: number;
  readonly inFlight: Set<number>;
  /** Sends that never reached the service, at or after `mark` (they spent nothing). */
  voided: number[];
  /** Sends numbered from `mark` on came after the latest snapshot was taken. */
  mark: number;
  /** Sends numbered below `mark` that were still in flight when the latest snapshot arrived. */
  before: number;
  /** Whether any send to this bucket was answered yet (before that, its headers are unknown). */
  answered: boolean;
}

export class SendLedger {
  private readonly buckets = new Map<string, BucketState>();

  private state(bucket: string): BucketState {
    let s = this.buckets.get(bucket);
    if (!s) {
      s = { next: 0, inFlight: new Set(), voided: [], mark: 0, before: 0, answered: false };
      this.buckets.set(bucket, s);
    }
    return s;
  }

  /** Records one send; returns its number in this bucket. */
  send(bucket: string): number {
    const s = this.state(bucket);
    const seq = s.next++;
    s.inFlight.add(seq);
    return seq;
  }

  settle(bucket: string, seq: number, outcome: SendOutcome): void {
    const s = this.buckets.get(bucket);
    if (!s?.inFlight.delete(seq)) {
      return;
    }
    if (outcome === 'notReached' && seq >= s.mark) {
      s.voided.push(seq);
    }
    if (outcome === 'answered') {
      s.answered = true;
    }
  }

  /**
   * A fresh `remaining` for this bucket. `seq` is the send whose answer carried it; without one
   * (a `GET /rate_limit` body, or a bucket the answered request did not draw on) every send still
   * in flight is charged to it, and the ones already answered are taken as counted.
   */
  snapshot(bucket: string, seq?: number): void {
    const s = this.state(bucket);
    if (seq === undefined) {
      s.mark = s.next;
      s.before = s.inFlight.size;
    } else {
      s.mark = seq + 1;
      s.before = [...s.inFlight].filter((x) => x < seq).length;
    }
    s.voided = s.voided.filter((v) => v >= s.mark);
  }

  /** Our sends the latest snapshot of this bucket cannot have counted. */
  unaccounted(bucket: string): number {
    const s = this.buckets.get(bucket);
    return s === undefined ? 0 : s.before + (s.next - s.mark) - s.voided.length;
  }

  inFlight(bucket: string): number {
    return this.buckets.get(bucket)?.inFlight.size ?? 0;
  }

  /** True while a send to this bucket is out and none has been answered yet. */
  awaitingFirstAnswer(bucket: string): boolean {
    const s = this.buckets.get(bucket);
    return s !== undefined && !s.answered && s.inFlight.size > 0;
  }
}
