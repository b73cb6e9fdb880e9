import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { compileQuery, describeQuery, formatQuery, parseQuery } from '../../../src/core/query';
import { targetKeys, touchesAny } from '../../../src/ui/infra/lineNotes';
import { NOW, query } from './helpers';

const parse = (text: string) => parseQuery(text, { now: NOW });

function at(name: string, service: string, region: string): HealthEvent {
  return { name, properties: { eventType: 'ServiceIssue', status: 'Active', impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }] } } as HealthEvent;
}

describe('query term workspace:', () => {
  it('parses yes/no, its alias deployed:, and negation; anything else is unrecognized', () => {
    assert.deepEqual(parse('workspace:yes'), query({ workspace: true }));
    assert.deepEqual(parse('deployed:yes'), query({ workspace: true }));
    assert.deepEqual(parse('workspace:no'), query({ workspace: false }));
    assert.deepEqual(parse('-workspace:yes'), query({ workspace: false }));
    assert.deepEqual(parse('workspace:maybe'), query({ unrecognized: ['workspace:maybe'] }));
  });

  it('prints back, reads the same, and describes itself', () => {
    const q = parse('active workspace:yes');
    assert.deepEqual(parse(formatQuery(q)), q);
    assert.match(formatQuery(q), /workspace:yes/);
    assert.equal(describeQuery(parse('workspace:yes'), NOW), 'events touching what this workspace deploys');
  });

  describe('predicate over what a Bicep file deploys', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n");
    const keys = targetKeys(index.report().targets);
    const hit = at('HIT-1', 'App Service', 'West Europe');
    const otherRegion = at('REG-2', 'App Service', 'North Europe');
    const otherService = at('SVC-3', 'Storage', 'West Europe');
    const names = (text: string, read = true): string[] =>
      [hit, otherRegion, otherService]
        .filter(compileQuery(parse(text), { now: NOW, ...(read ? { facts: { inWorkspace: (e: HealthEvent) => touchesAny(e, keys) } } : {}) }).matches)
        .map((e) => e.name ?? '');

    it('workspace:yes keeps only the same service in the same region', () => {
      assert.deepEqual(names('workspace:yes'), ['HIT-1']);
    });

    it('workspace:no keeps the others', () => {
      assert.deepEqual(names('workspace:no'), ['REG-2', 'SVC-3']);
    });

    it('before the workspace is read the term matches nothing, and queries without it are unaffected', () => {
      assert.deepEqual(names('workspace:yes', false), []);
      assert.deepEqual(names('workspace:no', false), []);
      assert.deepEqual(names('', false), ['HIT-1', 'REG-2', 'SVC-3']);
    });
  });
});
