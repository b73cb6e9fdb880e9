import assert from 'node:assert/strict';
import { MAX_TEMPLATE_MATCHES, matchTemplateResource } from '../../../src/core/health/templateHealth';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const rid = (group: string, type: string, name: string, sub = 's1'): string => `/subscriptions/${sub}/resourceGroups/${group}/providers/${type}/${name}`;
const status = (id: string, state: string | null = 'Available'): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: state === null ? {} : { availabilityState: state },
});
const ids = (matches: readonly { resourceId: string }[]): string[] => matches.map((m) => m.resourceId);

describe('template resources matched to the resources listed with health', () => {
  const web = rid('rg-prod', 'Microsoft.Web/sites', 'app-web');
  const held = [status(rid('rg-prod', 'Microsoft.Web/serverfarms', 'plan-1')), status(web, 'Degraded'), status(rid('rg-prod', 'Microsoft.Sql/servers', 'sql-1'))];

  it('one resource of that name and type: it, with its resource group (names and types compare without case)', () => {
    const matches = matchTemplateResource({ name: 'APP-WEB', resourceType: 'microsoft.web/SITES' }, held);
    assert.deepEqual(ids(matches), [web]);
    assert.equal(matches[0]?.resourceGroup, 'rg-prod');
    assert.equal(matches[0]?.status.properties?.availabilityState, 'Degraded');
  });

  it('the same name in two resource groups and another subscription: every one, never a pick', () => {
    const other = rid('rg-test', 'Microsoft.Web/sites', 'app-web');
    const third = rid('rg-prod', 'Microsoft.Web/sites', 'app-web', 's2');
    assert.deepEqual(ids(matchTemplateResource({ name: 'app-web', resourceType: 'Microsoft.Web/sites' }, [...held, status(other), status(third)])), [web, other, third]);
  });

  it('a name whose type differs is no match (a storage account named like a site); without a type on the template side the name alone decides', () => {
    const storage = rid('rg-prod', 'Microsoft.Storage/storageAccounts', 'appweb');
    assert.deepEqual(ids(matchTemplateResource({ name: 'appweb', resourceType: 'Microsoft.Web/sites' }, [status(storage)])), []);
    assert.deepEqual(ids(matchTemplateResource({ name: 'appweb' }, [status(storage)])), [storage]); // Terraform: no ARM type known
  });

  it('nothing listed, no name, or a status without a state (an impacting event, not current health): no match', () => {
    assert.deepEqual(matchTemplateResource({ name: 'app-web', resourceType: 'Microsoft.Web/sites' }, []), []);
    assert.deepEqual(matchTemplateResource({ resourceType: 'Microsoft.Web/sites' }, held), []);
    assert.deepEqual(matchTemplateResource({ name: 'app-web' }, [status(web, null)]), []);
  });

  it('an ARM child named parent/child matches the child by its own name and nested type', () => {
    const db = rid('rg-prod', 'Microsoft.Sql/servers', 'sql-1/databases/orders');
    assert.deepEqual(ids(matchTemplateResource({ name: 'sql-1/orders', resourceType: 'Microsoft.Sql/servers/databases' }, [...held, status(db)])), [db]);
  });

  it(`a name listed in more resource groups than the cap (${MAX_TEMPLATE_MATCHES}): exactly the cap; at the cap: all`, () => {
    const many = (n: number): AvailabilityStatus[] => Array.from({ length: n }, (_, i) => status(rid(`rg-${i}`, 'Microsoft.Web/sites', 'app-web')));
    assert.equal(matchTemplateResource({ name: 'app-web' }, many(MAX_TEMPLATE_MATCHES + 1)).length, MAX_TEMPLATE_MATCHES);
    assert.equal(matchTemplateResource({ name: 'app-web' }, many(MAX_TEMPLATE_MATCHES)).length, MAX_TEMPLATE_MATCHES);
  });
});

describe('hover health looks statuses up by name through an index built once per list (L1)', () => {
  it('500 hovers over 20,000 statuses read each status once, not once per hover', () => {
    let reads = 0;
    const statuses: AvailabilityStatus[] = Array.from({ length: 20_000 }, (_, i) => {
      const base = status(rid(`rg-${i % 50}`, 'Microsoft.Web/sites', `app-${i}`));
      return Object.defineProperty({ ...base }, 'properties', {
        get: () => {
          reads++;
          return base.properties;
        },
        enumerable: true,
      });
    });
    for (let i = 0; i < 500; i++) {
      assert.equal(matchTemplateResource({ name: `APP-${i * 7}` }, statuses).length, 1);
    }
    // Building the index reads each status a few times (id, state); a scan per hover would read it 500 times more.
    assert.ok(reads <= statuses.length * 3, `${reads} reads`);
    const later = matchTemplateResource({ name: 'app-3', resourceType: 'Microsoft.Web/sites' }, [...statuses]);
    assert.equal(later.length, 1, 'a new list (the statuses changed) gets a new index');
  });
});
