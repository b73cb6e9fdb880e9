// The editor's choice of where templates deploy when their region is decided at deployment: what a
// choice resolves to, how it is kept per workspace folder, how typed region names are read, and the
// evaluation it feeds (in the index and through the reader's worker, a fresh worker included).
import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { InfraReader } from '../../../src/core/infra/infraReader';
import { atDeploymentLines, choiceOfGroup, choicesOf, REGION_CHOICES_KEY, RegionChoices, regionsOf, sameChoice, typedRegion, type ChoiceStore } from '../../../src/core/infra/regionChoice';
import { FakeClock } from '../http/fakeClock';

/** The quickstart shape: the location parameter defaults to the resource group's region (line 4 is the location line). */
const QUICKSTART = "param location string = resourceGroup().location\n\nresource app 'Microsoft.Web/sites@2023-01-01' = {\n  location: location\n  name: 'app'\n}\nresource kv 'Microsoft.KeyVault/vaults@2023-01-01' = {\n  location: 'northeurope'\n  name: 'kv'\n}\n";

/** workspaceState as a map; `writes` counts updates. */
function memoryStore(initial?: unknown): ChoiceStore & { value: unknown; writes: number } {
  const store = {
    value: initial,
    writes: 0,
    get: (key: string): unknown => (key === REGION_CHOICES_KEY ? store.value : undefined),
    update: (key: string, value: unknown): Promise<void> => {
      assert.equal(key, REGION_CHOICES_KEY);
      store.value = value;
      store.writes++;
      return Promise.resolve();
    },
  };
  return store;
}

describe('region decided at deployment: the editor’s choice', () => {
  describe('typed region names', () => {
    it('accepts the ARM name and the display name, in any case and with spaces around', () => {
      for (const typed of ['westeurope', 'West Europe', ' west europe ', 'WESTEUROPE', 'West  Europe']) assert.equal(typedRegion(typed), 'West Europe', typed);
      assert.equal(typedRegion('eastus2'), 'East US 2');
    });

    it('refuses what is no Azure region, and an empty answer', () => {
      for (const typed of ['', '   ', 'Narnia', 'westeurope2', 'europe west']) assert.equal(typedRegion(typed), undefined, typed);
    });
  });

  describe('a resource group as a choice', () => {
    it('stands for its region, by display name, and names the group and subscription', () => {
      assert.deepEqual(choiceOfGroup({ name: 'rg-app', location: 'westeurope' }, 'sub-1'), { region: 'West Europe', group: { name: 'rg-app', subscriptionId: 'sub-1' } });
    });

    it('is no choice when ARM gives a region the reader does not know (it could not be checked)', () => {
      assert.equal(choiceOfGroup({ name: 'rg-new', location: 'marsnorth' }, 'sub-1'), undefined);
    });

    it('is the same choice whatever the case of the group and subscription (ARM compares them without case)', () => {
      const a = choiceOfGroup({ name: 'rg-app', location: 'westeurope' }, 'SUB-1');
      assert.equal(sameChoice(a, choiceOfGroup({ name: 'RG-APP', location: 'West Europe' }, 'sub-1')), true);
      assert.equal(sameChoice(a, choiceOfGroup({ name: 'rg-other', location: 'westeurope' }, 'sub-1')), false);
      assert.equal(sameChoice(a, { region: 'West Europe' }), false, 'a typed region is not the group');
      assert.equal(sameChoice(undefined, undefined), true);
      assert.equal(sameChoice(a, undefined), false);
    });

    it('gives both deployment regions: the resource group’s and the one a subscription-scope deployment is sent to', () => {
      assert.deepEqual(regionsOf({ region: 'West Europe', group: { name: 'rg', subscriptionId: 's' } }), { resourceGroup: 'West Europe', deployment: 'West Europe' });
      assert.equal(regionsOf(undefined), undefined);
    });
  });

  describe('kept per workspace folder in workspace state', () => {
    it('keeps each folder’s choice apart, under one key, and clearing one leaves the others', async () => {
      const store = memoryStore();
      const choices = new RegionChoices(store);
      assert.equal(choices.get('file:///a'), undefined);
      await choices.set('file:///a', { region: 'West Europe', group: { name: 'rg-a', subscriptionId: 's' } });
      await choices.set('file:///b', { region: 'East US' });
      assert.deepEqual(choices.get('file:///a'), { region: 'West Europe', group: { name: 'rg-a', subscriptionId: 's' } });
      assert.deepEqual(choices.get('file:///b'), { region: 'East US' });
      await choices.set('file:///a', undefined);
      assert.equal(choices.get('file:///a'), undefined);
      assert.deepEqual(choices.get('file:///b'), { region: 'East US' });
      // The last one cleared leaves nothing behind in the state.
      await choices.set('file:///b', undefined);
      assert.equal(store.value, undefined);
      assert.equal(store.writes, 4);
    });

    it('survives a reload: a new RegionChoices over the same state reads what was kept', async () => {
      const store = memoryStore();
      await new RegionChoices(store).set('file:///a', { region: 'North Europe', group: { name: 'rg', subscriptionId: 's' } });
      const stored: unknown = JSON.parse(JSON.stringify(store.value));
      assert.deepEqual(new RegionChoices(memoryStore(stored)).get('file:///a'), { region: 'North Europe', group: { name: 'rg', subscriptionId: 's' } });
    });

    it('leaves out what is not a choice (state edited by hand, an unknown region, a malformed group) and keeps the rest', () => {
      const read = choicesOf({
        'file:///ok': { region: 'westeurope' },
        'file:///unknown': { region: 'Narnia' },
        'file:///no-region': { group: { name: 'rg', subscriptionId: 's' } },
        'file:///bad-group': { region: 'westeurope', group: { name: 7 } },
        'file:///empty-group': { region: 'westeurope', group: { name: '', subscriptionId: 's' } },
        'file:///string': 'westeurope',
      });
      assert.deepEqual([...read], [['file:///ok', { region: 'West Europe' }]]);
      for (const junk of [undefined, null, 'x', 3, ['a']]) assert.equal(choicesOf(junk).size, 0);
    });
  });

  describe('the evaluation re-run with the choice', () => {
    it('resolves the lines that used resourceGroup().location, marks them as the deployment’s, and leaves literal lines alone', () => {
      const index = new InfraIndex();
      index.set('infra/main.bicep', QUICKSTART);
      const before = index.report();
      assert.deepEqual(before.targets.map((t) => `${t.line} ${t.service} ${t.region} ${String(t.regionAtDeployment)}`), ['8 Key Vault North Europe undefined']);
      assert.deepEqual(before.unresolved.map((u) => `${u.line} ${String(u.regionAtDeployment)}`), ['4 true']);
      assert.deepEqual(atDeploymentLines(before.targets, before.unresolved), [{ line: 4, chosen: false }]);

      index.setRegions(regionsOf({ region: 'West Europe', group: { name: 'rg-app', subscriptionId: 's' } }));
      const after = index.report();
      assert.deepEqual(after.targets.map((t) => `${t.line} ${t.service} ${t.region} ${String(t.regionAtDeployment)}`), ['4 App Service West Europe true', '8 Key Vault North Europe undefined']);
      assert.deepEqual(after.unresolved, []);
      assert.deepEqual(atDeploymentLines(after.targets, after.unresolved), [{ line: 4, chosen: true }]);

      // Cleared: the line is open again.
      index.setRegions(regionsOf(undefined));
      assert.deepEqual(atDeploymentLines(index.report().targets, index.report().unresolved), [{ line: 4, chosen: false }]);
    });

    it('a value written in the template that happens to equal the chosen region is not marked as the deployment’s', () => {
      const index = new InfraIndex({ resourceGroup: 'North Europe' });
      index.set('main.bicep', QUICKSTART);
      const kv = index.report().targets.find((t) => t.service === 'Key Vault');
      assert.equal(kv?.regionAtDeployment, undefined);
    });

    it('through the reader’s worker: the choice counts for its folder only, and a fresh worker (after a crash) keeps it', async () => {
      process.env['SERVICE_HEALTH_TEST_READER_CRASH'] = 'crash-now';
      const reader = new InfraReader({ clock: new FakeClock() });
      try {
        await reader.set('ws-a', 'main.bicep', QUICKSTART);
        await reader.set('ws-b', 'main.bicep', QUICKSTART);
        await reader.setRegions('ws-a', regionsOf({ region: 'West Europe' }));
        const regionsIn = async (folder: string): Promise<string[]> => (await reader.report(folder)).report.targets.map((t) => `${t.line} ${t.region}`);
        assert.deepEqual(await regionsIn('ws-a'), ['4 West Europe', '8 North Europe']);
        assert.deepEqual(await regionsIn('ws-b'), ['8 North Europe']);
        // The worker ends on this file; the fresh one gets the files and the choice again.
        await reader.set('ws-a', 'crash-now.bicep', QUICKSTART);
        assert.deepEqual(await regionsIn('ws-a'), ['4 West Europe', '8 North Europe']);
        await reader.setRegions('ws-a', undefined);
        assert.deepEqual(await regionsIn('ws-a'), ['8 North Europe']);
      } finally {
        reader.dispose();
        delete process.env['SERVICE_HEALTH_TEST_READER_CRASH'];
      }
    });
  });
});
