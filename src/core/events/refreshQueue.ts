/**
 * One refresh at a time, without losing what is asked meanwhile. A plain refresh asked while one
 * runs joins it; a full refresh, a wider time window or another subscription selection asked
 * meanwhile cannot be answered by the running one (it planned its queries before), so it runs
 * right after, once, however often it was asked.
 */

/** What a run loads, read when it starts. */
export interface RefreshInputs {
  readonly windowDays: number;
  /** The subscriptions it lists, as one comparable string: any change needs another run. */
  readonly scope: string;
}

export class RefreshQueue {
  private running: { readonly promise: Promise<void>; readonly full: boolean; readonly inputs: RefreshInputs } | undefined;
  private followUp: { promise: Promise<void>; full: boolean } | undefined;

  /**
   * @param run loads events; never rejects (the caller logs its own failures)
   * @param inputs what the next run would load, read when a run starts and at each request
   */
  constructor(
    private readonly run: (full: boolean) => Promise<void>,
    private readonly inputs: () => RefreshInputs,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  request(full: boolean): Promise<void> {
    const running = this.running;
    if (!running) {
      return this.start(full);
    }
    if ((running.full || !full) && covers(running.inputs, this.inputs())) {
      return running.promise;
    }
    if (!this.followUp) {
      const followUp: { promise: Promise<void>; full: boolean } = { promise: Promise.resolve(), full };
      followUp.promise = running.promise.then(() => {
        if (this.followUp !== followUp) {
          return undefined; // reset meanwhile: that refresh belonged to the old connection
        }
        this.followUp = undefined;
        return this.start(followUp.full);
      });
      this.followUp = followUp;
    }
    this.followUp.full ||= full;
    return this.followUp.promise;
  }

  /** Forgets the running and queued refreshes (the connection changed; their results are dropped). */
  reset(): void {
    this.running = undefined;
    this.followUp = undefined;
  }

  private start(full: boolean): Promise<void> {
    const entry = { promise: Promise.resolve(), full, inputs: this.inputs() };
    entry.promise = this.run(full).finally(() => {
      if (this.running === entry) {
        this.running = undefined;
      }
    });
    this.running = entry;
    return entry.promise;
  }
}

/** Whether a run with `ran` answers a request for `wanted`: a window at least as wide, the same subscriptions. */
function covers(ran: RefreshInputs, wanted: RefreshInputs): boolean {
  return ran.windowDays >= wanted.windowDays && ran.scope === wanted.scope;
}
