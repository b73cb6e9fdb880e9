/**
 * Owns disposables and releases them in reverse order of registration (the pattern of
 * vscode-pull-request-github): later parts may depend on earlier ones, never the reverse.
 */
export interface IDisposable {
  dispose(): void;
}

export abstract class Disposable implements IDisposable {
  private readonly _toDispose: IDisposable[] = [];
  private _isDisposed = false;

  protected get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Registers `d` for disposal with this object; disposes it at once if this is already disposed. */
  protected _register<T extends IDisposable>(d: T): T {
    if (this._isDisposed) {
      d.dispose();
    } else {
      this._toDispose.push(d);
    }
    return d;
  }

  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    // One failing part must not keep the others alive.
    const errors: unknown[] = [];
    while (this._toDispose.length > 0) {
      try {
        this._toDispose.pop()?.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) {
      throw errors[0];
    }
  }
}

/** A disposable from a function. */
export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (!done) {
        done = true;
        fn();
      }
    },
  };
}
