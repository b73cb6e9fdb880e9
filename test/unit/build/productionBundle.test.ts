// The production extension bundle (`scripts/build.mjs --production`, what `npm run package` ships)
// leaves out the sample service's fault injection; a development build keeps it for the tests.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

/** Strings only the fault injector and its effects contain. */
const FAULT_STRINGS = ['attacker.invalid', 'QuantumMaintenance', 'InjectedFault', 'Upstream error', 'Fault times must be a positive integer'];

function build(production: boolean): string {
  const out = mkdtempSync(join(tmpdir(), 'service-health-build-'));
  try {
    const args = ['scripts/build.mjs', '--outdir', out, ...(production ? ['--production'] : [])];
    execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe' });
    return readFileSync(join(out, 'extension.js'), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('extension bundle', function () {
  this.timeout(120_000);

  it('a development build holds the fault injector (so the check below can fail)', () => {
    const bundle = build(false);
    for (const s of FAULT_STRINGS) assert.ok(bundle.includes(s), `missing "${s}"`);
  });

  it('the production build (--production) holds no fault injection code', () => {
    const bundle = build(true);
    assert.ok(bundle.length > 100_000, 'the production bundle looks empty');
    for (const s of FAULT_STRINGS) assert.ok(!bundle.includes(s), `the production bundle holds "${s}"`);
  });
});
