/**
 * Guards that make "every scanning loop ends" a check in the code, not a hope: a loop that did not
 * move throws `ReaderStuck`, and every guarded pass counts one step against the budget of the file
 * being read (`withStepBudget`), so a parser bug becomes one unchecked entry for that file.
 */

/** A reader limit was hit or a loop stopped moving; `message` is the user-facing reason. */
export class ReaderStuck extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ReaderStuck';
  }
}

let steps = 0;
let budget = Number.POSITIVE_INFINITY;

/** Counts `n` steps of work; throws when the current budget is spent. */
export function step(n = 1): void {
  steps += n;
  if (steps > budget) {
    throw new ReaderStuck(`reading it took more than ${budget.toLocaleString('en-US')} steps, so it was stopped`);
  }
}

/** Throws for a loop at `where` that did not move (for hot loops that count their steps in bulk). */
export function stuck(where: string): never {
  throw new ReaderStuck(`the reader stopped moving in ${where} (a reader bug; please report it)`);
}

/** `after` when it is past `before` (and one step counted); otherwise the loop at `where` would spin forever, so it throws. */
export function moved(before: number, after: number, where: string): number {
  if (!(after > before)) {
    stuck(where);
  }
  step();
  return after;
}

/** Runs `work` with a budget of `limit` steps; returns its value and the steps it took. Nests (the outer count resumes). */
export function withStepBudget<T>(limit: number, work: () => T): { value: T; steps: number } {
  const [outerSteps, outerBudget] = [steps, budget];
  steps = 0;
  budget = limit;
  try {
    const value = work();
    return { value, steps };
  } finally {
    const used = steps;
    steps = outerSteps + used;
    budget = outerBudget;
  }
}

/** Steps counted so far in the current budget (for tests that assert work, not time). */
export function stepsSoFar(): number {
  return steps;
}
