import assert from 'node:assert/strict';
import { parseEventsFilter, filterTerms } from '../../../src/core/api/odataFilter';
import { compileQuery, parseQuery, sortEvents } from '../../../src/core/query';
import { DAY, MONDAY, NOW, event, query } from './helpers';

const compile = (text: string, knownServices?: readonly string[]) =>
  compileQuery(parseQuery(text, { now: NOW, knownServices }), { now: NOW, knownServices });

const iso = (ms: number): string => new Date(ms).toISOString();

const vmWestEurope = event({
  name: 'VM01-XYZ', type: 'ServiceIssue', status: 'Active', level: 'Critical', priority: 2,
  title: 'Virtual Machines - West Europe - Connectivity issues', lastUpdate: iso(NOW - DAY),
  impact: [{ service: 'Virtual Machines', regions: ['West Europe'] }], tags: ['Action Recommended'],
});
const storageEastUs = event({
  name: 'ST02-ABC', type: 'ServiceIssue', status: 'Resolved', level: 'Warning', priority: 9,
  title: 'Storage latency', lastUpdate: iso(NOW - 2 * DAY),
  impact: [{ service: 'Storage', regions: ['East US'] }, { service: 'Virtual Machines', regions: ['East US 2'] }],
});
const sqlMaintenance = event({
  name: 'MT03-QQQ', type: 'PlannedMaintenance', status: 'Active', level: 'Informational', priority: 12,
  title: 'SQL Database maintenance', lastUpdate: iso(NOW - 20 * DAY), impactStart: iso(MONDAY + 8 * DAY),
  impact: [{ service: 'SQL Database', regions: ['westeurope'] }],
});
const priceChange = event({
  name: 'BL04-PPP', type: 'Billing', subType: 'PriceChanges', status: 'Active', priority: 20,
  title: 'Price change for bandwidth', lastUpdate: iso(NOW - 3 * DAY), sensitive: true,
});
const all = [vmWestEurope, storageEastUs, sqlMaintenance, priceChange];

const names = (events: readonly { name?: string | null }[]): Array<string | null | undefined> => events.map((e) => e.name);

describe('compileQuery', () => {
  describe('matches', () => {
    const cases: Array<[string, string[]]> = [
      ['active outages in west europe', ['VM01-XYZ']],
      ['outages', ['VM01-XYZ', 'ST02-ABC']],
      ['-status:resolved', ['VM01-XYZ', 'MT03-QQQ', 'BL04-PPP']],
      ['vms', ['VM01-XYZ', 'ST02-ABC']],
      // AND across service and region is per impact entry: ST02 has VMs in East US 2, Storage in East US.
      ['vms in east us', []],
      ['vms in east-us-2', ['ST02-ABC']],
      ['region:"West Europe"', ['VM01-XYZ', 'MT03-QQQ']],
      ['critical or warning', ['VM01-XYZ', 'ST02-ABC']],
      ['level:critical,warning', ['VM01-XYZ', 'ST02-ABC']],
      ['tag:"action recommended"', ['VM01-XYZ']],
      ['"connectivity"', ['VM01-XYZ']],
      ['text:connectivity text:storage', []],
      ['st02-abc', ['ST02-ABC']],
      ['-"latency"', ['VM01-XYZ', 'MT03-QQQ', 'BL04-PPP']],
      ['sensitive', ['BL04-PPP']],
      ['not sensitive', ['VM01-XYZ', 'ST02-ABC', 'MT03-QQQ']],
      ['billing price changes', ['BL04-PPP']],
      ['type:serviceissue,plannedmaintenance -region:westeurope', ['ST02-ABC']],
      ['last 36 hours', ['VM01-XYZ']],
      ['since:4d', ['VM01-XYZ', 'ST02-ABC', 'BL04-PPP']],
      ['yesterday', ['VM01-XYZ']],
      ['planned maintenance for sql next week', ['MT03-QQQ']],
      ['maintenance this week', []],
      ['hir', []],
    ];
    for (const [text, expected] of cases) {
      it(text, () => assert.deepEqual(names(all.filter(compile(text).matches)), expected));
    }

    it('falls back to region statuses when the event has no status', () => {
      const e = event({ type: 'ServiceIssue' });
      const props = e.properties;
      assert.ok(props);
      props.impact = [{ impactedService: 'Storage', impactedRegions: [{ impactedRegion: 'East US', status: 'Active' }] }];
      assert.equal(compile('active').matches(e), true);
      assert.equal(compile('resolved').matches(e), false);
    });

    it('counts the insight level and matches service names by their key', () => {
      const e = event({ insightLevel: 'Critical', impact: [{ service: 'Azure Kubernetes Service (AKS)', regions: ['East US'] }] });
      assert.equal(compile('critical').matches(e), true);
      assert.equal(compile('service:"Kubernetes Service"').matches(e), true);
    });

    it('does not match a time bound on an event without that time', () => {
      assert.equal(compile('since:1d').matches(event({})), false);
    });
  });

  describe('server part', () => {
    it('sends a disjunction of services and regions and the start time', () => {
      const { server } = compile('vms and storage outages in west europe since:7d');
      assert.ok(server.filter);
      assert.deepEqual(filterTerms(parseEventsFilter(server.filter)), {
        services: ['Virtual Machines', 'Storage'],
        regions: ['West Europe'],
      });
      assert.equal(server.queryStartTime, iso(NOW - 7 * DAY));
    });

    it('quotes names OData-style', () => {
      const { server } = compileQuery(parseQuery("service:\"O'Brien Cloud\"", { now: NOW }), { now: NOW, knownServices: ["O'Brien Cloud"] });
      assert.equal(server.filter, "service eq 'O''Brien Cloud'");
    });

    it('omits $filter when a name is not one the service reports (the filter must stay a superset)', () => {
      assert.equal(compile('service:"Quantum Compute" region:westeurope').server.filter, undefined);
      assert.equal(compile('region:"Mars Central"').server.filter, undefined);
      assert.equal(compile('outages').server.filter, undefined);
      assert.equal(compile('-region:westeurope').server.filter, undefined);
    });

    it('uses a default look-back of 90 days when there is no past start', () => {
      const expected = iso(NOW - 90 * DAY);
      assert.equal(compile('outages').server.queryStartTime, expected);
      assert.equal(compile('maintenance next week').server.queryStartTime, expected);
      assert.equal(compile('before 11/20/2026').server.queryStartTime, expected);
    });
  });

  describe('describe', () => {
    const cases: Array<[string, string]> = [
      ['type:ServiceIssue status:active region:"West Europe" since:7d', 'active service issues in West Europe updated in the last 7 days'],
      ['what changed today', 'events updated today'],
      ['resolved incidents yesterday', 'resolved service issues updated yesterday'],
      ['planned maintenance for SQL next week', 'planned maintenance for SQL Database starting between 2026-11-30 and 2026-12-07'],
      ['billing price changes', 'billing notices about price changes'],
      ['retirements since monday', 'retirements updated since 2026-11-23'],
      ['top 3 critical vms "disk" -status:resolved sort:lastUpdate',
        'top 3 critical events for Virtual Machines mentioning "disk" excluding status Resolved sorted by last update'],
    ];
    for (const [text, expected] of cases) {
      it(text, () => assert.equal(compile(text).describe(), expected));
    }
  });

  describe('sortEvents and select', () => {
    const a = event({ name: 'A', priority: 3, lastUpdate: iso(NOW - DAY), impactStart: iso(NOW + DAY) });
    const b = event({ name: 'B', priority: 0, lastUpdate: iso(NOW - 5 * DAY) });
    const c = event({ name: 'C', priority: 3, lastUpdate: iso(NOW - 2 * DAY), impactStart: iso(NOW - DAY) });
    const d = event({ name: 'D', lastUpdate: iso(NOW) });

    it('sorts by priority (0 first), then newest update, missing priority last', () => {
      assert.deepEqual(names(sortEvents([d, c, a, b])), ['B', 'A', 'C', 'D']);
    });

    it('sorts by last update, newest first', () => {
      assert.deepEqual(names(sortEvents([b, c, a, d], 'lastUpdate')), ['D', 'A', 'C', 'B']);
    });

    it('sorts by impact start, soonest first, missing last', () => {
      assert.deepEqual(names(sortEvents([a, b, c, d], 'impactStart')), ['C', 'A', 'B', 'D']);
    });

    it('does not modify its input', () => {
      const input = [d, c, a, b];
      sortEvents(input);
      assert.deepEqual(names(input), ['D', 'C', 'A', 'B']);
    });

    it('select filters, sorts by the query sort and applies the limit', () => {
      assert.deepEqual(names(compile('top 2 -sensitive').select(all)), ['VM01-XYZ', 'ST02-ABC']);
      assert.deepEqual(names(compile('sort:lastUpdate limit:2').select(all)), ['VM01-XYZ', 'ST02-ABC']);
      assert.deepEqual(names(compile('sort:impactStart').select(all))[0], 'MT03-QQQ');
    });
  });

  it('compiles an empty query to "all events"', () => {
    const c = compileQuery(query(), { now: NOW });
    assert.equal(c.describe(), 'events');
    assert.equal(all.every(c.matches), true);
  });
});
