import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InfraReader } from '../../../src/core/infra/infraReader';
import { CRASHED, RESOLVE_TOO_SLOW, TOO_SLOW } from '../../../src/core/infra/readerProtocol';
import { FakeClock, turn } from '../http/fakeClock';

const SITE = (name: string, region: string): string => `resource ${name} 'Microsoft.Web/sites@2023-12-01' = {\n  name: '${name}'\n  location: '${region}'\n}\n`;
const FILE_MS = 2_000;
const RESOLVE_MS = 5_000;

/** Whether a promise has settled, after letting the loop turn (no timer, no real wait). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 20; i++) await turn();
  return done;
}

// The worker reads these test hooks (a production build defines them away): a file whose path
// holds the marker stands for a reader bug that loops forever, or one that crashes the thread.
describe('template reader in a worker: the watchdog', () => {
  let reader: InfraReader | undefined;
  let dir: string | undefined;
  before(() => {
    process.env['SERVICE_HEALTH_TEST_READER_SPIN'] = 'spin-forever';
    process.env['SERVICE_HEALTH_TEST_READER_CRASH'] = 'crash-now';
  });
  after(() => {
    delete process.env['SERVICE_HEALTH_TEST_READER_SPIN'];
    delete process.env['SERVICE_HEALTH_TEST_READER_CRASH'];
  });
  afterEach(() => {
    reader?.dispose();
    reader = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('a file whose parser never returns (a scanning loop that does not advance) is reported unchecked at its budget, and every other file is read', async () => {
    const clock = new FakeClock();
    const logged: string[] = [];
    reader = new InfraReader({ clock, fileBudgetMs: FILE_MS, resolveBudgetMs: RESOLVE_MS, log: (l) => logged.push(l) });
    assert.equal(await reader.set('ws', 'a.bicep', SITE('a', 'westeurope')), true);
    const stuck = reader.set('ws', 'infra/spin-forever.bicep', SITE('s', 'westeurope'));
    const after = reader.set('ws', 'b.bicep', SITE('b', 'northeurope'));
    await clock.tick(FILE_MS - 1);
    assert.equal(await settled(stuck), false, 'one millisecond before its budget the file is still being read');
    await clock.tick(1);
    assert.equal(await stuck, true);
    assert.equal(await after, true);
    const { report, paths } = await reader.report('ws');
    assert.deepEqual(report.targets.map((t) => `${t.file} ${t.region}`).sort(), ['a.bicep West Europe', 'b.bicep North Europe']);
    assert.deepEqual(report.unresolved, [{ file: 'infra/spin-forever.bicep', line: 0, column: 0, reason: TOO_SLOW }]);
    assert.deepEqual([...paths].sort(), ['a.bicep', 'b.bicep', 'infra/spin-forever.bicep']);
    assert.deepEqual(logged, ['Reading took too long on infra/spin-forever.bicep; a fresh reader goes on with the rest.']);
  });

  it('a file that crashes the worker is reported unchecked and a fresh worker holds what the old one read', async () => {
    reader = new InfraReader({ clock: new FakeClock() });
    await reader.set('ws', 'a.bicep', SITE('a', 'westeurope'));
    assert.equal(await reader.set('ws', 'crash-now.bicep', SITE('c', 'westeurope')), true);
    await reader.set('ws', 'b.bicep', SITE('b', 'eastus'));
    const { report } = await reader.report('ws');
    assert.deepEqual(report.targets.map((t) => t.file).sort(), ['a.bicep', 'b.bicep']);
    assert.deepEqual(report.unresolved, [{ file: 'crash-now.bicep', line: 0, column: 0, reason: CRASHED }]);
  });

  it('a resolution that runs over its budget gives an unchecked report, not a hang; under it the report comes', async () => {
    const clock = new FakeClock();
    reader = new InfraReader({ clock, fileBudgetMs: FILE_MS, resolveBudgetMs: RESOLVE_MS });
    await reader.set('spin-forever-folder', 'a.bicep', SITE('a', 'westeurope'));
    const report = reader.report('spin-forever-folder');
    await clock.tick(RESOLVE_MS - 1);
    assert.equal(await settled(report), false);
    await clock.tick(1);
    assert.deepEqual((await report).report.unresolved.map((u) => u.reason), [RESOLVE_TOO_SLOW]);
    // Another folder on the fresh worker resolves as usual.
    await reader.set('ws', 'a.bicep', SITE('a', 'westeurope'));
    assert.equal((await reader.report('ws')).report.targets.length, 1);
  });

  it('says the index changed only when it did: the same text again, or JSON that is not a template, changes nothing', async () => {
    reader = new InfraReader({ clock: new FakeClock() });
    assert.equal(await reader.set('ws', 'a.bicep', SITE('a', 'westeurope')), true);
    assert.equal(await reader.set('ws', 'a.bicep', SITE('a', 'westeurope')), false);
    assert.equal(await reader.set('ws', 'package.json', '{"name":"x"}'), false);
    assert.equal(await reader.set('ws', 'a.bicep', SITE('a', 'eastus')), true);
    assert.equal(reader.delete('ws', 'package.json'), false);
    assert.equal(reader.delete('ws', 'a.bicep'), true);
    assert.deepEqual((await reader.report('ws')).report.targets, []);
  });

  describe('a folder read on disk (the CLI, the MCP server)', () => {
    beforeEach(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'infra-worker-'));
      writeFileSync(path.join(dir, 'a.bicep'), SITE('a', 'westeurope'));
      writeFileSync(path.join(dir, 'b.bicep'), SITE('b', 'westeurope'));
      writeFileSync(path.join(dir, 'spin-forever.bicep'), SITE('s', 'westeurope'));
      mkdirSync(path.join(dir, 'sub'));
      writeFileSync(path.join(dir, 'sub', 'c.bicep'), SITE('c', 'eastus'));
    });

    /** Waits (in loop turns, no time) until the walk has started `n` files: each start arms a file budget. */
    async function untilReading(clock: FakeClock, n: number): Promise<void> {
      while (clock.sleeps.filter((ms) => ms === FILE_MS).length < n) await turn();
    }

    it('the walk skips the file that ran over and reads every other file, the ones after it included', async () => {
      const clock = new FakeClock();
      reader = new InfraReader({ clock, fileBudgetMs: FILE_MS, resolveBudgetMs: RESOLVE_MS });
      const read = reader.readDir(dir ?? '');
      await untilReading(clock, 3);
      await clock.tick(FILE_MS);
      const { report } = await read;
      assert.deepEqual(report.targets.map((t) => t.file).sort(), ['a.bicep', 'b.bicep', 'sub/c.bicep']);
      assert.deepEqual(report.unresolved, [{ file: 'spin-forever.bicep', line: 0, column: 0, reason: TOO_SLOW }]);
    });

    it('aborting (Ctrl+C, an MCP cancellation) ends a walk stuck on a file at once, and the reader reads again after', async () => {
      const clock = new FakeClock();
      reader = new InfraReader({ clock, fileBudgetMs: FILE_MS, resolveBudgetMs: RESOLVE_MS });
      const stop = new AbortController();
      const read = reader.readDir(dir ?? '', {}, stop.signal);
      await untilReading(clock, 3);
      stop.abort();
      await assert.rejects(read, (error: Error) => error.name === 'AbortError');
      rmSync(path.join(dir ?? '', 'spin-forever.bicep'));
      assert.equal((await reader.readDir(dir ?? '')).report.targets.length, 3);
    });
  });
});
