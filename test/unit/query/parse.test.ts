import assert from 'node:assert/strict';
import { formatQuery, parseQuery, type ParsedQuery } from '../../../src/core/query';
import { DAY, MONDAY, NOW, TODAY, query } from './helpers';

const parse = (text: string, extra: Partial<Parameters<typeof parseQuery>[1]> = {}): ParsedQuery =>
  parseQuery(text, { now: NOW, ...extra });

const WEEK = 7 * DAY;

describe('parseQuery', () => {
  describe('phrase table (now = Wed 2026-11-25 15:30 UTC)', () => {
    const table: Array<[string, ParsedQuery]> = [
      ['are there active outages in West Europe?', query({ types: ['ServiceIssue'], statuses: ['Active'], regions: ['West Europe'] })],
      ['planned maintenance for SQL next week',
        query({ types: ['PlannedMaintenance'], services: ['SQL Database'], since: MONDAY + WEEK, until: MONDAY + 2 * WEEK })],
      ['active outages in west europe since monday',
        query({ types: ['ServiceIssue'], statuses: ['Active'], regions: ['West Europe'], since: MONDAY })],
      ['security advisories this week', query({ types: ['SecurityAdvisory'], since: MONDAY })],
      ['what changed today', query({ since: TODAY })],
      ['billing price changes', query({ types: ['Billing'], subTypes: ['PriceChanges'] })],
      ['resolved incidents yesterday', query({ types: ['ServiceIssue'], statuses: ['Resolved'], since: TODAY - DAY, until: TODAY })],
      ['sensitive events', query({ sensitive: true })],
      ['high impact', query({ levels: ['Critical', 'Error'] })],
      ['retirements', query({ subTypes: ['Retirement'] })],
      ['show me any open issues in east us 2', query({ types: ['ServiceIssue'], statuses: ['Active'], regions: ['East US 2'] })],
      ['ongoing VM problems in westeurope', query({ types: ['ServiceIssue'], statuses: ['Active'], services: ['Virtual Machines'], regions: ['West Europe'] })],
      ['AKS maintenance', query({ types: ['PlannedMaintenance'], services: ['Azure Kubernetes Service (AKS)'] })],
      ['cosmos advisories', query({ types: ['HealthAdvisory'], services: ['Azure Cosmos DB'] })],
      ['storage outages last week',
        query({ types: ['ServiceIssue'], services: ['Storage'], since: MONDAY - WEEK, until: MONDAY })],
      ['post-incident reviews', query({ types: ['RCA'] })],
      ['PIR for virtual machines', query({ types: ['RCA'], services: ['Virtual Machines'] })],
      ['preliminary PIR', query({ tags: ['Preliminary PIR'] })],
      ['emerging issues', query({ types: ['EmergingIssues'] })],
      ['critical and warning events', query({ levels: ['Critical', 'Warning'] })],
      ['mitigated outages in the last 3 days', query({ types: ['ServiceIssue'], statuses: ['Resolved'], since: NOW - 3 * DAY })],
      ['past 24 hours', query({ since: NOW - DAY })],
      ['fixed issues since 2026-11-01', query({ types: ['ServiceIssue'], statuses: ['Resolved'], since: Date.UTC(2026, 10, 1) })],
      ['since 11/20/2026', query({ since: Date.UTC(2026, 10, 20) })],
      ['health advisories action required', query({ types: ['HealthAdvisory'], tags: ['Action Recommended'] })],
      ['planned maintenance in North Europe and UK South',
        query({ types: ['PlannedMaintenance'], regions: ['North Europe', 'UK South'] })],
      ['tax changes', query({ types: ['Billing'], subTypes: ['TaxChanges'] })],
      ['top 5 critical outages sorted by last update', query({ types: ['ServiceIssue'], levels: ['Critical'], limit: 5, sort: 'lastUpdate' })],
      ['outages not resolved', query({ types: ['ServiceIssue'], exclude: { statuses: ['Resolved'] } })],
      ['maintenance excluding west us', query({ types: ['PlannedMaintenance'], exclude: { regions: ['West US'] } })],
      ['non-sensitive security issues', query({ types: ['SecurityAdvisory'], sensitive: false })],
      ['app service incidents 2 days ago', query({ types: ['ServiceIssue'], services: ['App Service'], since: NOW - 2 * DAY })],
      ['outages in azure database for postgresql', query({ types: ['ServiceIssue'], services: ['Azure Database for PostgreSQL'] })],
      ['what is going on with key vault today', query({ services: ['Key Vault'], since: TODAY })],
      ['maintenance next 7 days', query({ types: ['PlannedMaintenance'], until: NOW + 7 * DAY })],
      ['issue VNQN-1T8', query({ types: ['ServiceIssue'], text: ['VNQN-1T8'] })],
    ];
    for (const [text, expected] of table) {
      it(text, () => assert.deepEqual(parse(text), expected));
    }
    it('has at least 30 phrases', () => assert.ok(table.length >= 30));
  });

  describe('structured terms', () => {
    it('reads the full example', () => {
      const q = parse('type:ServiceIssue status:active region:"West Europe" service:"Virtual Machines" level:critical tag:"Action Recommended" since:7d sort:priority');
      assert.deepEqual(q, query({
        types: ['ServiceIssue'], statuses: ['Active'], regions: ['West Europe'], services: ['Virtual Machines'],
        levels: ['Critical'], tags: ['Action Recommended'], since: NOW - 7 * DAY, sort: 'priority',
      }));
    });

    it('accepts comma lists, synonyms in values and key aliases', () => {
      const q = parse('type:outage,maintenance status:open severity:info svc:vms loc:westeurope,"north europe"');
      assert.deepEqual(q, query({
        types: ['ServiceIssue', 'PlannedMaintenance'], statuses: ['Active'], levels: ['Informational'],
        services: ['Virtual Machines'], regions: ['West Europe', 'North Europe'],
      }));
    });

    it('negates terms with a leading minus', () => {
      const q = parse('-status:resolved -region:"East US" -type:billing -"false alarm" -critical');
      assert.deepEqual(q, query({
        exclude: { statuses: ['Resolved'], regions: ['East US'], types: ['Billing'], text: ['false alarm'], levels: ['Critical'] },
      }));
    });

    it('keeps unknown values of open enums as typed', () => {
      const q = parse('type:BrandNewType status:Investigating tag:"Customer Notice" service:"Quantum Compute"');
      assert.deepEqual(q, query({ types: ['BrandNewType'], statuses: ['Investigating'], tags: ['Customer Notice'], services: ['Quantum Compute'] }));
    });

    it('reads text, escapes and limits, sensitive and hir flags', () => {
      const q = parse('text:"DNS \\"resolution\\"" limit:20 sensitive:no hir:true until:2026-12-01 sort:start');
      assert.deepEqual(q, query({ text: ['DNS "resolution"'], limit: 20, sensitive: false, hir: true, until: Date.UTC(2026, 11, 1), sort: 'impactStart' }));
    });

    it('maps type:retirement to the sub-type', () => {
      assert.deepEqual(parse('type:retirement').subTypes, ['Retirement']);
    });

    it('de-duplicates values case-insensitively', () => {
      const q = parse('status:active active ACTIVE region:westeurope "West Europe"');
      assert.deepEqual(q, query({ statuses: ['Active'], regions: ['West Europe'] }));
    });

    it('treats a quoted phrase naming a region or service as that, other phrases as text', () => {
      assert.deepEqual(parse('"East US" "Virtual Machines" "disk latency"'),
        query({ regions: ['East US'], services: ['Virtual Machines'], text: ['disk latency'] }));
    });
  });

  describe('unrecognized words', () => {
    it('reports words it does not understand, in order, without stop-words', () => {
      const q = parse('are there any flurbles in the gizmo region?');
      assert.deepEqual(q.unrecognized, ['flurbles', 'gizmo']);
    });

    it('reports bad structured terms whole', () => {
      const q = parse('since:banana sort:colour limit:0 limit:abc foo:bar status: hir:maybe');
      assert.deepEqual(q.unrecognized, ['since:banana', 'sort:colour', 'limit:0', 'limit:abc', 'foo:bar', 'status:', 'hir:maybe']);
      assert.equal(q.since, undefined);
      assert.equal(q.sort, undefined);
      assert.equal(q.limit, undefined);
    });

    it('reports a negation that has nothing to negate', () => {
      assert.deepEqual(parse('not foo').unrecognized, ['not', 'foo']);
      assert.deepEqual(parse('-foo').unrecognized, ['-foo']);
      assert.deepEqual(parse('not today').unrecognized, ['not']);
    });

    it('reports an invalid calendar date rather than guessing', () => {
      const q = parse('since 2/30/2026');
      assert.equal(q.since, undefined);
      // "since" led nowhere, so it is reported too.
      assert.deepEqual(q.unrecognized, ['since', '2/30/2026']);
    });

    it('reports symbols but ignores bare punctuation', () => {
      assert.deepEqual(parse('outages ?? — 💥').unrecognized, ['💥']);
    });
  });

  describe('regions', () => {
    for (const spelling of ['westeurope', 'West Europe', 'west-europe', 'WEST_EUROPE', 'region:west-europe', 'in west europe']) {
      it(`reads "${spelling}" as West Europe`, () => assert.deepEqual(parse(spelling).regions, ['West Europe']));
    }

    it('prefers the longest region name ("east us 2" over "east us")', () => {
      assert.deepEqual(parse('outages in east us 2').regions, ['East US 2']);
      assert.deepEqual(parse('outages in east us').regions, ['East US']);
    });

    it('uses the caller\'s regions when given', () => {
      const q = parse('outages in contoso north and westeurope', { knownRegions: ['Contoso North'] });
      assert.deepEqual(q.regions, ['Contoso North']);
      assert.deepEqual(q.unrecognized, ['westeurope']);
    });

    it('keeps an unknown structured region as typed', () => {
      assert.deepEqual(parse('region:"Mars Central"').regions, ['Mars Central']);
    });
  });

  describe('services', () => {
    it('resolves aliases to the caller\'s spelling when it has one', () => {
      const knownServices = ['Azure Kubernetes Service', 'SQL Database', 'Virtual Machines'];
      assert.deepEqual(parse('aks and sql and vms outages', { knownServices }).services,
        ['Azure Kubernetes Service', 'SQL Database', 'Virtual Machines']);
    });

    it('matches multi-word known names in plain text case-insensitively', () => {
      const q = parse('issues with contoso widget store in west europe', { knownServices: ['Contoso Widget Store'] });
      assert.deepEqual(q.services, ['Contoso Widget Store']);
      assert.deepEqual(q.regions, ['West Europe']);
    });

    it('matches a known name without its Azure prefix when more than one word remains', () => {
      assert.deepEqual(parse('cosmos db outages').services, ['Azure Cosmos DB']);
      assert.deepEqual(parse('front door incidents').services, ['Azure Front Door']);
    });
  });

  it('applies weekStartsOn to week windows', () => {
    const sunday = Date.UTC(2026, 10, 22);
    assert.equal(parse('this week', { weekStartsOn: 0 }).since, sunday);
    assert.equal(parse('this week').since, MONDAY);
  });

  it('formats a parsed query to a form that parses back the same', () => {
    const q = parse('active outages for SQL in east us 2 not resolved "disk" since monday top 3 by priority');
    assert.deepEqual(parse(formatQuery(q)), q);
  });
});
