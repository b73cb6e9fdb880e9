import assert from 'node:assert/strict';
import { InfraReader } from '../../../src/core/infra/infraReader';
import { COALESCE_MS, RetryingStart, startsRead, TemplateSync, type TemplateSource } from '../../../src/ui/infra/templateSync';
import { FakeClock, quiet } from '../http/fakeClock';

const SITE = (region: string, padding = ''): string => `${padding}resource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: '${region}'\n}\n`;
const ARM = JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [{ type: 'Microsoft.Web/sites', apiVersion: '2023-12-01', name: 'a', location: 'westeurope' }] });

/** A workspace on a map: folder → path → text; counts reads and listings, and can cap its listing. */
class MapSource implements TemplateSource {
  readonly files = new Map<string, Map<string, string>>();
  reads: string[] = [];
  cap = Infinity;
  failList = false;

  put(folder: string, path: string, text: string): void {
    const files = this.files.get(folder) ?? new Map<string, string>();
    files.set(path, text);
    this.files.set(folder, files);
  }

  list(folder: string): Promise<{ paths: string[]; capped: boolean }> {
    if (this.failList) return Promise.reject(new Error('the file search is not ready'));
    const paths = [...(this.files.get(folder)?.keys() ?? [])];
    return Promise.resolve({ paths: paths.slice(0, this.cap), capped: paths.length > this.cap });
  }

  read(folder: string, path: string): Promise<{ text: string } | undefined> {
    this.reads.push(path);
    const text = this.files.get(folder)?.get(path);
    return Promise.resolve(text === undefined ? undefined : { text });
  }
}

describe('the editor keeps its templates current (TemplateSync, without VS Code)', () => {
  let reader: InfraReader;
  let source: MapSource;
  let clock: FakeClock;
  let sync: TemplateSync;
  let changes: number;
  const targets = async (folder = 'ws'): Promise<string[]> => (await sync.report(folder)).report.targets.map((t) => `${t.file}:${t.line} ${t.region}`).sort();

  beforeEach(() => {
    // The reader's watchdog has a clock of its own that never moves: no file here runs over.
    reader = new InfraReader({ clock: new FakeClock() });
    source = new MapSource();
    clock = new FakeClock();
    changes = 0;
    sync = new TemplateSync(reader, source, clock, () => changes++);
  });
  afterEach(() => reader.dispose());

  it('a burst of watcher events (a branch switch, a build writing files) is one reread per file and one redraw, after the window', async () => {
    source.put('ws', 'a.bicep', SITE('westeurope'));
    source.put('ws', 'b.bicep', SITE('eastus'));
    await sync.addFolder('ws');
    assert.equal(changes, 1);
    source.reads = [];
    source.put('ws', 'a.bicep', SITE('northeurope'));
    source.put('ws', 'b.bicep', SITE('uksouth'));
    for (const path of ['a.bicep', 'b.bicep', 'a.bicep', 'a.bicep']) void sync.diskChanged('ws', path);
    await clock.tick(COALESCE_MS - 1);
    await quiet();
    assert.deepEqual(source.reads, [], 'nothing is read inside the window');
    await clock.tick(1);
    await sync.settled();
    await quiet();
    assert.deepEqual(source.reads, ['a.bicep', 'b.bicep']);
    assert.equal(changes, 2);
    assert.deepEqual(await targets(), ['a.bicep:3 North Europe', 'b.bicep:3 UK South']);
  });

  it('redraws only when the index changed: a file saved unchanged, a package.json written, node_modules, none of them (M3)', async () => {
    source.put('ws', 'a.bicep', SITE('westeurope'));
    source.put('ws', 'package.json', '{"name":"x"}');
    await sync.addFolder('ws');
    const before = changes;
    source.put('ws', 'package.json', '{"name":"y"}');
    source.put('ws', 'node_modules/m/main.bicep', SITE('eastus'));
    for (const path of ['a.bicep', 'package.json', 'node_modules/m/main.bicep']) void sync.diskChanged('ws', path);
    await clock.tick(COALESCE_MS);
    await sync.settled();
    await quiet();
    assert.equal(changes, before);
    assert.ok(!source.reads.includes('node_modules/m/main.bicep'));
    // And one real change does redraw.
    source.put('ws', 'a.bicep', SITE('eastus'));
    void sync.diskChanged('ws', 'a.bicep');
    await clock.tick(COALESCE_MS);
    await sync.settled();
    await quiet();
    assert.equal(changes, before + 1);
  });

  it('an open template is read as typed (lines move before saving), and closing it unsaved goes back to the disk (M7)', async () => {
    source.put('ws', 'main.bicep', SITE('westeurope'));
    await sync.addFolder('ws');
    assert.deepEqual(await targets(), ['main.bicep:3 West Europe']);
    void sync.bufferChanged('ws', 'main.bicep', SITE('eastus', '// a comment\n// and another\n'));
    await clock.tick(COALESCE_MS);
    await sync.settled();
    assert.deepEqual(await targets(), ['main.bicep:5 East US']);
    // The watcher reports the file (saved elsewhere): the open buffer still wins.
    void sync.diskChanged('ws', 'main.bicep');
    await clock.tick(COALESCE_MS);
    await sync.settled();
    assert.deepEqual(await targets(), ['main.bicep:5 East US']);
    void sync.bufferClosed('ws', 'main.bicep');
    await clock.tick(COALESCE_MS);
    await sync.settled();
    assert.deepEqual(await targets(), ['main.bicep:3 West Europe']);
  });

  it('catchUp never forgets a file a capped listing left out, and forgets a file gone when the listing is complete (M4)', async () => {
    source.put('ws', 'a.bicep', SITE('westeurope'));
    source.put('ws', 'b.bicep', SITE('eastus'));
    await sync.addFolder('ws');
    source.files.get('ws')?.delete('a.bicep');
    source.put('ws', 'a.json', '{}');
    source.put('ws', 'c.json', '{}');
    source.cap = 2; // lists b.bicep and a.json, and says it stopped
    await sync.catchUp();
    assert.deepEqual(await targets(), ['a.bicep:3 West Europe', 'b.bicep:3 East US']);
    source.cap = Infinity;
    await sync.catchUp();
    assert.deepEqual(await targets(), ['b.bicep:3 East US']);
  });

  it('a folder added later is read, and a folder removed is forgotten (M10)', async () => {
    source.put('ws', 'a.bicep', SITE('westeurope'));
    source.put('other', 'b.bicep', SITE('eastus'));
    await sync.addFolder('ws');
    await sync.addFolder('other');
    assert.deepEqual(await targets('other'), ['b.bicep:3 East US']);
    const before = changes;
    sync.removeFolder('other');
    assert.equal(changes, before + 1);
    assert.deepEqual(sync.folderKeys, ['ws']);
    assert.deepEqual(await targets('other'), []);
    // A change in the removed folder is not read.
    const reads = source.reads.length;
    void sync.diskChanged('other', 'b.bicep');
    await clock.tick(COALESCE_MS);
    await sync.settled();
    assert.equal(source.reads.length, reads);
  });

  it('a first read that failed is tried again on the next call, not cached for the session (L8)', async () => {
    source.put('ws', 'a.bicep', SITE('westeurope'));
    source.failList = true;
    const failures: unknown[] = [];
    const first = new RetryingStart(() => sync.addFolder('ws'), (e) => failures.push(e));
    await first.start();
    assert.equal(failures.length, 1);
    assert.equal(first.isStarted, false);
    source.failList = false;
    await first.start();
    assert.equal(first.isStarted, true);
    assert.deepEqual(await targets(), ['a.bicep:3 West Europe']);
  });

  it('only template documents start the read: package.json and settings.json never do, an ARM template does (M7)', () => {
    assert.equal(startsRead('package.json', '{"name":"x","$schema":"https://json.schemastore.org/package"}'), false);
    assert.equal(startsRead('.vscode/settings.json', '{}'), false);
    assert.equal(startsRead('README.md', ''), false);
    assert.equal(startsRead('azuredeploy.json', ARM), true);
    assert.equal(startsRead('azuredeploy.parameters.json', '{"$schema":"https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#"}'), true);
    assert.equal(startsRead('infra/main.bicep', ''), true);
    assert.equal(startsRead('main.tf', ''), true);
  });
});
