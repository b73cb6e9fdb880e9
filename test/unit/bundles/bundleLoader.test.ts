// Loading a lazy sibling bundle (src/core/bundles/bundleLoader.ts) with Node's real require, from
// real files in a temporary folder: only the bundle itself being gone (the extension was updated
// underneath a running window) becomes the one sentence; every other failure stays what it is.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Loader from '../../../src/core/bundles/bundleLoader';
import { BUNDLE_MISSING_MESSAGE, BundleMissingError, isBundleMissing, isBundleMissingError, onBundleMissing, requireBundle } from '../../../src/core/bundles/bundleLoader';

describe('lazy bundle loader', () => {
  let dir: string;
  let heard: BundleMissingError[];
  let stopListening: () => void;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own require, as a loader does
  const load = (file: string) => (): unknown => require(join(dir, file)) as unknown;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'service-health-bundles-'));
    writeFileSync(join(dir, 'detailsBundle.js'), 'module.exports = { loaded: "details" };');
    writeFileSync(join(dir, 'innerBundle.js'), 'require("./gone"); module.exports = {};');
    writeFileSync(join(dir, 'packageBundle.js'), 'require("no-such-package-of-service-health"); module.exports = {};');
    writeFileSync(join(dir, 'syntaxBundle.js'), 'module.exports = {');
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => {
    heard = [];
    stopListening = onBundleMissing((e) => heard.push(e));
  });

  afterEach(() => stopListening());

  it('a bundle that is there loads, and nobody hears of a missing bundle', () => {
    assert.deepEqual(requireBundle('details', load('detailsBundle')), { loaded: 'details' });
    assert.deepEqual(heard, []);
  });

  it('the bundle file gone after an update (compiled name <name>Bundle) fails with the one sentence, and the listener hears it first', () => {
    const error = catchOf(() => requireBundle('chat', load('chatBundle')));
    assert.ok(error instanceof BundleMissingError);
    assert.equal(error.message, BUNDLE_MISSING_MESSAGE);
    assert.equal(error.bundle, 'chat');
    assert.equal((error.cause as { code?: unknown }).code, 'MODULE_NOT_FOUND');
    assert.deepEqual(heard, [error]);
  });

  it('the built bundle file gone (dist/<name>.js, as esbuild rewrites the require) fails the same way', () => {
    const error = catchOf(() => requireBundle('query', load('query.js')));
    assert.ok(error instanceof BundleMissingError);
    assert.deepEqual(heard, [error]);
  });

  it('a module missing inside a bundle that is there (a broken build, not an update) is rethrown as it is', () => {
    const inner = catchOf(() => requireBundle('inner', load('innerBundle')));
    assert.ok(!(inner instanceof BundleMissingError));
    assert.equal((inner as { code?: unknown }).code, 'MODULE_NOT_FOUND');
    assert.match((inner as Error).message, /Cannot find module '\.\/gone'/);
    const pkg = catchOf(() => requireBundle('package', load('packageBundle')));
    assert.ok(!(pkg instanceof BundleMissingError));
    assert.match((pkg as Error).message, /no-such-package-of-service-health/);
    assert.deepEqual(heard, []);
  });

  it('a bundle with a syntax error is rethrown as it is', () => {
    const error = catchOf(() => requireBundle('syntax', load('syntaxBundle')));
    assert.ok(error instanceof SyntaxError);
    assert.deepEqual(heard, []);
  });

  it('another missing file than the bundle named is not this loader\'s to explain (rethrown)', () => {
    const error = catchOf(() => requireBundle('details', load('chatBundle')));
    assert.ok(!(error instanceof BundleMissingError));
    assert.equal((error as { code?: unknown }).code, 'MODULE_NOT_FOUND');
  });

  it('isBundleMissing: only an Error with code MODULE_NOT_FOUND naming the bundle file', () => {
    const notFound = (message: string, code = 'MODULE_NOT_FOUND'): Error => Object.assign(new Error(message), { code });
    assert.equal(isBundleMissing(notFound("Cannot find module './details.js'\nRequire stack:\n- /x/dist/extension.js"), 'details'), true);
    assert.equal(isBundleMissing(notFound("Cannot find module 'C:\\ext\\dist\\details.js'"), 'details'), true);
    assert.equal(isBundleMissing(notFound("Cannot find module './details.js'", 'ERR_REQUIRE_ESM'), 'details'), false);
    assert.equal(isBundleMissing(notFound("Cannot find module 'details'"), 'details'), false, 'a package of that name');
    assert.equal(isBundleMissing(notFound("Cannot find module './detailsPanels.js'"), 'details'), false);
    assert.equal(isBundleMissing({ code: 'MODULE_NOT_FOUND', message: "Cannot find module './details.js'" }, 'details'), false, 'not an Error');
    assert.equal(isBundleMissing(undefined, 'details'), false);
  });
});

function catchOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  assert.fail('it did not throw');
}

describe('lazy bundle loader, one copy per bundle', () => {
  it('a missing bundle found by another copy of the loader (details.js inlines its own) reaches the listener, and is recognized', () => {
    const path = require.resolve('../../../src/core/bundles/bundleLoader');
    const cached = require.cache[path];
    delete require.cache[path];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, separate copy of the module, as a second bundle has
    const copy = require(path) as typeof Loader;
    if (cached) require.cache[path] = cached;
    assert.notEqual(copy.requireBundle, requireBundle, 'the copy is a separate module');
    const heard: unknown[] = [];
    const stop = onBundleMissing((e) => heard.push(e));
    try {
      const dir = mkdtempSync(join(tmpdir(), 'service-health-copy-'));
      let thrown: unknown;
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own require, as a loader does
        copy.requireBundle('sanitize', () => require(join(dir, 'sanitizeBundle')) as unknown);
      } catch (error) {
        thrown = error;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      assert.ok(!(thrown instanceof BundleMissingError), 'the copy has its own class');
      assert.ok(isBundleMissingError(thrown));
      assert.deepEqual(heard, [thrown]);
    } finally {
      stop();
    }
  });
});
