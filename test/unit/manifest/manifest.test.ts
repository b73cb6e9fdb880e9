// The manifest promises what the code and its dependencies need: the Node floor of every runtime
// dependency, and which settings a workspace may not set (those that steer where the token goes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The lowest version a `>=a.b.c` range allows, as [major, minor, patch]. */
function floor(range: string): [number, number, number] {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  assert.ok(m, `expected a ">=x.y.z" range, got "${range}"`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const manifest = readJson<Manifest>(join(root, 'package.json'));

describe('package.json', () => {
  it('engines.node is at least the Node floor of every runtime dependency (undici 7: 20.18.1)', () => {
    const own = floor(manifest.engines?.node ?? '');
    assert.ok(compare(own, [20, 18, 1]) >= 0, `engines.node ${manifest.engines?.node} is below undici 7's 20.18.1`);
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const theirs = readJson<{ engines?: { node?: string } }>(join(root, 'node_modules', name, 'package.json')).engines?.node;
      if (theirs && /^>=/.test(theirs.trim())) {
        assert.ok(compare(own, floor(theirs)) >= 0, `${name} needs Node ${theirs}, engines.node says ${manifest.engines?.node}`);
      }
    }
  });

  it('serviceHealth.endpoint (where the Azure token is sent) is application-scoped: a workspace cannot set it', () => {
    assert.equal(manifest.contributes.configuration.properties['serviceHealth.endpoint']?.scope, 'application');
  });
});
