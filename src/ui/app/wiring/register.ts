import type { IDisposable } from '../../base/disposable';

/** Hands a disposable to the composition root, which releases it (in reverse order) on deactivate. */
export type Register = <T extends IDisposable>(d: T) => T;
