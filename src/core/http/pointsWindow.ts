/** Seed 001's points per minute, kept by the client. Why: docs/architecture.md#http-pointswindow */

export const WINDOW_MS = 60_000;

interface Leaving {
  readonly points: number;
  /** Our clock's ms when these points leave the window. */
  readonly leavesAt: number;
}

/**
 * Kept as a running total plus the answered requests in leave order, so the checks made for
 * every request (three per send) cost O(1) instead of a pass over up to a minute of sends.
 */
export class PointsWindow {
  /** Points in the window: every request still out, and every answered one not yet left. */
  private used = 0;
  /** Answered requests by leave time, earliest first, from index `head` on. */
  private leaving: Leaving[] = [];
  private head = 0;

  constructor(
    private readonly pointsPerMinute: number,
    /** Added for a request that got no answer: it may still arrive after we gave up on it. */
    private readonly unansweredMarginMs: number,
  ) {}

  /** Drops the points that left the window by `now`. */
  prune(now: number): void {
    for (let e = this.leaving[this.head]; e !== undefined && e.leavesAt <= now; e = this.leaving[this.head]) {
      this.used -= e.points;
      this.head++;
    }
    if (this.head > 64 && this.head * 2 > this.leaving.length) {
      this.leaving = this.leaving.slice(this.head);
      this.head = 0;
    }
  }

  get points(): number {
    return this.used;
  }

  /** Whether `points` more may be sent now (after prune). A lone request always may: it cannot be split. */
  fits(points: number): boolean {
    return this.used === 0 || this.used + points <= this.pointsPerMinute;
  }

  /** Records a send; call the returned function when it ends (answered or not). */
  add(points: number): (answered: boolean, now: number) => void {
    this.used += points;
    let ended = false;
    return (answered, now) => {
      if (ended) {
        return;
      }
      ended = true;
      this.insert({ points, leavesAt: now + WINDOW_MS + (answered ? 0 : this.unansweredMarginMs) });
    };
  }

  /**
   * When `points` more would fit, if any known time: requests still in flight have no time yet,
   * and their answers wake the queue instead.
   */
  freeAt(points: number): number | undefined {
    let over = this.used + points - this.pointsPerMinute;
    for (let i = this.head; i < this.leaving.length; i++) {
      const e = this.leaving[i];
      if (e === undefined) {
        break;
      }
      over -= e.points;
      if (over <= 0) {
        return e.leavesAt;
      }
    }
    return undefined;
  }

  /** Answers come nearly in leave order, so this is an append but for an unanswered request's margin. */
  private insert(entry: Leaving): void {
    let at = this.leaving.length;
    while (at > this.head && (this.leaving[at - 1]?.leavesAt ?? 0) > entry.leavesAt) {
      at--;
    }
    this.leaving.splice(at, 0, entry);
  }
}
