/**
 * Seed 001's points per minute, kept by the client. The service counts a request in the minute
 * in which it *arrives*, and its minute may start with the first arrival after the last one
 * ended (the sample service does exactly that). We only know when we sent a request and when its
 * answer came; arrival lies between. So a request's points stay in our window until a minute
 * after its answer (the latest it can have arrived), and a request still in flight never leaves
 * it. Anchoring on the send time instead, plus a fixed margin, was overrun whenever a loaded
 * machine delayed arrivals by more than the margin (188 refusals over 5 runs of 1,000 listings).
 * Only durations on our own clock are used, so clock skew with the service does not matter.
 */

export const WINDOW_MS = 60_000;

interface Entry {
  readonly points: number;
  /** Our clock's ms when these points leave the window; undefined while the request is out. */
  leavesAt: number | undefined;
}

export class PointsWindow {
  private entries: Entry[] = [];

  constructor(
    private readonly pointsPerMinute: number,
    /** Added for a request that got no answer: it may still arrive after we gave up on it. */
    private readonly unansweredMarginMs: number,
  ) {}

  /** Drops the points that left the window by `now`. */
  prune(now: number): void {
    this.entries = this.entries.filter((e) => e.leavesAt === undefined || e.leavesAt > now);
  }

  get points(): number {
    return this.entries.reduce((sum, e) => sum + e.points, 0);
  }

  /** Whether `points` more may be sent now (after prune). A lone request always may: it cannot be split. */
  fits(points: number): boolean {
    const used = this.points;
    return used === 0 || used + points <= this.pointsPerMinute;
  }

  /** Records a send; call the returned function when it ends (answered or not). */
  add(points: number): (answered: boolean, now: number) => void {
    const entry: Entry = { points, leavesAt: undefined };
    this.entries.push(entry);
    return (answered, now) => {
      entry.leavesAt = now + WINDOW_MS + (answered ? 0 : this.unansweredMarginMs);
    };
  }

  /**
   * When `points` more would fit, if any known time: requests still in flight have no time yet,
   * and their answers wake the queue instead.
   */
  freeAt(points: number): number | undefined {
    let over = this.points + points - this.pointsPerMinute;
    const leaving = this.entries.filter((e) => e.leavesAt !== undefined).sort((a, b) => (a.leavesAt ?? 0) - (b.leavesAt ?? 0));
    for (const e of leaving) {
      over -= e.points;
      if (over <= 0) {
        return e.leavesAt;
      }
    }
    return undefined;
  }
}
