/**
 * serviceHealth_checkWorkspace's folder: every workspace folder by default, one by name or path, or a
 * folder inside one; anything outside the workspace folders (a `..` escape, another absolute path) is
 * refused with one sentence. The index is the one the extension read, so nothing is read here.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { mergeReports } from '../../../src/core/agent/infraCheck';
import { ToolInputError } from '../../../src/core/agent/inputs';
import type { HealthDataSource } from '../../../src/core/agent/source';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { workspaceParts, type WorkspaceTemplates } from '../../../src/ui/lm/workspaceCheck';

const BICEP = "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n";
const base = path.join(os.tmpdir(), 'ws');
/** A workspace folder as VS Code gives it (only the fields read). */
type Folder = Awaited<ReturnType<WorkspaceTemplates['folderReports']>>[number]['folder'];

function folder(name: string, index: number): Folder {
  return { name, index, uri: { scheme: 'file', fsPath: path.join(base, name), path: path.join(base, name) } } as unknown as Folder;
}

function workspace(files: Record<string, Record<string, string>>): WorkspaceTemplates {
  const reports = Object.entries(files).map(([name, texts], i) => {
    const index = new InfraIndex();
    for (const [p, text] of Object.entries(texts)) index.set(p, text);
    return { folder: folder(name, i), report: index.report(), paths: index.paths() };
  });
  return { folderReports: async () => reports };
}

const inputError = (message: string) => new ToolInputError(message);
const files = async (t: WorkspaceTemplates, f?: string) => mergeReports((await workspaceParts(t, f, inputError)).parts).report.targets.map((x) => x.file);

describe('serviceHealth_checkWorkspace: which workspace folder is checked', () => {
  const two = workspace({ api: { 'infra/main.bicep': BICEP, 'ops/main.bicep': BICEP }, web: { 'main.bicep': BICEP } });

  it('without folder: every workspace folder, each file led by its folder when there are several', async () => {
    assert.deepEqual(await files(two), ['api/infra/main.bicep', 'api/ops/main.bicep', 'web/main.bicep']);
    assert.equal((await workspaceParts(two, undefined, inputError)).where, 'the 2 workspace folders');
  });

  it('by name, by absolute path, or a folder inside one (relative paths from the first folder)', async () => {
    assert.deepEqual(await files(two, 'WEB'), ['main.bicep']);
    assert.deepEqual(await files(two, path.join(base, 'web')), ['main.bicep']);
    assert.deepEqual(await files(two, 'infra'), ['infra/main.bicep']);
    assert.deepEqual(await files(two, path.join(base, 'api', 'ops')), ['ops/main.bicep']);
    assert.deepEqual(await files(two, 'ops/../infra'), ['infra/main.bicep']);
    assert.deepEqual(await files(two, '../web'), ['main.bicep'], 'from the first folder into the second');
  });

  it('a folder outside the workspace folders (`..` escape, another path) is refused with one sentence', async () => {
    for (const given of ['..', '../..', 'infra/../../../etc', path.join(base, 'elsewhere'), os.homedir()]) {
      await assert.rejects(workspaceParts(two, given, inputError), (e: Error) => {
        assert.ok(e instanceof ToolInputError);
        assert.equal(e.message, `Invalid folder: ${given} is not inside a workspace folder (api, web); pass a workspace folder's name or a folder inside one, or omit folder.`);
        return true;
      });
    }
  });

  it('no folder open, or a folder without templates: one sentence, and no events are read', async () => {
    let reads = 0;
    const source = { listEvents: async () => (reads++, { events: [], failures: [] }), subscriptions: async () => ['s'], now: () => Date.now() } as unknown as HealthDataSource;
    const tools = new HealthTools(source);
    const none = await workspaceParts({ folderReports: async () => [] }, undefined, inputError);
    assert.equal((await tools.checkInfrastructure(none.parts, none.where))['interpretation'], 'No templates (Bicep, ARM JSON, Terraform or azd) were found in the workspace (no folder is open), so nothing was checked.');
    const empty = await workspaceParts(workspace({ app: { 'package.json': '{}' } }), undefined, inputError);
    assert.equal((await tools.checkInfrastructure(empty.parts, empty.where))['interpretation'], 'No templates (Bicep, ARM JSON, Terraform or azd) were found in the workspace folder app, so nothing was checked.');
    assert.equal(reads, 0);
  });
});
