/**
 * Loads a lazy sibling bundle (dist/<name>.js, built from a `<name>Bundle.ts`; scripts/build.mjs).
 * A bundle gone after an update becomes one sentence and a reload offer. Why: docs/architecture.md#bundles-bundleloader
 */

export const BUNDLE_MISSING_MESSAGE = 'Service Health was updated in the background. Reload the window to finish the update.';

export class BundleMissingError extends Error {
  /** Set by the UI once it has shown this failure with its Reload Window button. */
  reloadOffered = false;

  constructor(
    readonly bundle: string,
    options: { cause: unknown },
  ) {
    super(BUNDLE_MISSING_MESSAGE, options);
    this.name = 'BundleMissingError';
  }
}

/**
 * True when `error` says the bundle itself is missing: MODULE_NOT_FOUND for `./<name>.js` (a build)
 * or `./<name>Bundle` (compiled sources), not for a module the bundle itself requires.
 */
export function isBundleMissing(error: unknown, name: string): boolean {
  if ((error as { code?: unknown } | null)?.code !== 'MODULE_NOT_FOUND' || !(error instanceof Error)) {
    return false;
  }
  // Node's message: Cannot find module '<request>' (then the require stack on the next lines).
  const request = /^Cannot find module '([^']+)'/.exec(error.message)?.[1];
  if (request === undefined || !/^(\.|\/|[A-Za-z]:[\\/])/.test(request)) {
    return false; // a package the bundle requires, not a file of ours
  }
  const file = request.split(/[\\/]/).pop()?.replace(/\.js$/, '');
  return file === name || file === `${name}Bundle`;
}

/** A BundleMissingError from any copy of this module (each bundle inlines its own, so `instanceof` is not enough). */
export function isBundleMissingError(error: unknown): error is BundleMissingError {
  return error instanceof Error && error.name === 'BundleMissingError' && (error as Partial<BundleMissingError>).reloadOffered !== undefined;
}

type Listener = (error: BundleMissingError) => void;
const LISTENERS = Symbol.for('serviceHealth.bundleMissingListeners');

/** Each bundle inlines its own copy of this module: the listeners live where every copy finds them. */
function listeners(): Set<Listener> {
  const shared = globalThis as { [LISTENERS]?: Set<Listener> };
  shared[LISTENERS] ??= new Set();
  return shared[LISTENERS];
}

/** Calls `listener` each time a bundle turns out missing (before the caller gets the error); returns its removal. */
export function onBundleMissing(listener: Listener): () => void {
  listeners().add(listener);
  return () => void listeners().delete(listener);
}

/**
 * Runs `load` (a `require` of the sibling bundle, which the build rewrites to `./<name>.js`). A
 * missing bundle throws a BundleMissingError; any other failure (a syntax error, a module missing
 * inside the bundle) is rethrown as it is.
 */
export function requireBundle<T>(name: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!isBundleMissing(error, name)) {
      throw error;
    }
    const missing = new BundleMissingError(name, { cause: error });
    for (const listener of [...listeners()]) listener(missing);
    throw missing;
  }
}
