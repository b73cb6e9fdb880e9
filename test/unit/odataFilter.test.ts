import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  buildEventsFilter,
  evaluateFilter,
  filterTerms,
  FilterSyntaxError,
  formatFilter,
  normalizeRegion,
  parseEventsFilter,
} from '../../src/core/api/odataFilter';
import type { HealthEvent } from '../../src/core/model/schemas';

const event = (service: string, regions: string[]): HealthEvent => ({
  name: 'X',
  properties: { impact: [{ impactedService: service, impactedRegions: regions.map((r) => ({ impactedRegion: r })) }] },
});

describe('odataFilter', () => {
  it('builds the documented eq/or grammar with OData quoting', () => {
    assert.equal(
      buildEventsFilter({ services: ['Virtual Machines'], regions: ['West Europe'] }),
      "service eq 'Virtual Machines' or region eq 'West Europe'",
    );
    assert.equal(buildEventsFilter({ services: ["O'Brien"] }), "service eq 'O''Brien'");
    assert.equal(buildEventsFilter({}), undefined);
    assert.equal(buildEventsFilter({ services: [], regions: [] }), undefined);
  });

  it('parses and/or precedence, parentheses and case-insensitive keywords', () => {
    const expr = parseEventsFilter("SERVICE Eq 'A' OR (region eq 'x' AND service eq 'B')");
    assert.deepEqual(expr, {
      kind: 'or',
      operands: [
        { kind: 'eq', field: 'service', value: 'A' },
        {
          kind: 'and',
          operands: [
            { kind: 'eq', field: 'region', value: 'x' },
            { kind: 'eq', field: 'service', value: 'B' },
          ],
        },
      ],
    });
    assert.equal(formatFilter(parseEventsFilter("(service eq 'a' or service eq 'b') and region eq 'c'")), "(service eq 'a' or service eq 'b') and region eq 'c'");
  });

  it('reports errors with a position and names unknown fields', () => {
    assert.throws(() => parseEventsFilter("status eq 'Active'"), (e: unknown) => e instanceof FilterSyntaxError && /'status'/.test(e.message) && e.position === 0);
    assert.throws(() => parseEventsFilter("service eq 'abc"), (e: unknown) => e instanceof FilterSyntaxError && e.position === 11);
    assert.throws(() => parseEventsFilter("service ne 'a'"), (e: unknown) => e instanceof FilterSyntaxError && e.position === 8);
    assert.throws(() => parseEventsFilter("service eq 'a' or"), FilterSyntaxError);
    assert.throws(() => parseEventsFilter('   '), FilterSyntaxError);
    assert.throws(() => parseEventsFilter("(service eq 'a'"), FilterSyntaxError);
    assert.throws(() => parseEventsFilter('('.repeat(10_000)), FilterSyntaxError);
  });

  it('evaluates services case-insensitively and regions normalised', () => {
    const e = event('Virtual Machines', ['West Europe', 'East US 2']);
    assert.equal(evaluateFilter(parseEventsFilter("service eq 'virtual machines'"), e), true);
    assert.equal(evaluateFilter(parseEventsFilter("region eq 'westeurope'"), e), true);
    assert.equal(evaluateFilter(parseEventsFilter("region eq 'east-us-2'"), e), true);
    assert.equal(evaluateFilter(parseEventsFilter("region eq 'East US'"), e), false);
    assert.equal(evaluateFilter(parseEventsFilter("service eq 'Storage' or region eq 'West Europe'"), e), true);
    assert.equal(evaluateFilter(parseEventsFilter("service eq 'Storage' and region eq 'West Europe'"), e), false);
    assert.equal(evaluateFilter(parseEventsFilter("service eq 'Storage'"), { name: 'empty' }), false);
    assert.equal(normalizeRegion('West_Europe'), 'westeurope');
  });

  it('round-trips build -> parse for any strings, quotes included', () => {
    const value = fc.string({ unit: fc.constantFrom('a', "'", ' ', '(', ')', 'é', '"', 'or', 'eq', '\n') , maxLength: 12 });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 5 }), fc.array(value, { maxLength: 5 }), (services, regions) => {
        const text = buildEventsFilter({ services, regions });
        if (services.length + regions.length === 0) {
          assert.equal(text, undefined);
          return;
        }
        const terms = filterTerms(parseEventsFilter(text as string));
        assert.deepEqual(terms, { services, regions });
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), (services) => {
        assert.deepEqual(filterTerms(parseEventsFilter(buildEventsFilter({ services }) as string)).services, services);
      }),
    );
  });

  it('never throws anything but FilterSyntaxError on random input', () => {
    const tokenish = fc.string({ unit: fc.constantFrom('service', 'region', ' eq ', ' or ', ' and ', '(', ')', "'", "'x'", ' ', 'q', '!') });
    for (const arb of [fc.string(), tokenish]) {
      fc.assert(
        fc.property(arb, (text) => {
          try {
            const expr = parseEventsFilter(text);
            // Whatever parses must print to something that parses to the same tree.
            assert.deepEqual(parseEventsFilter(formatFilter(expr)), expr);
          } catch (e) {
            if (!(e instanceof FilterSyntaxError)) {
              throw e;
            }
          }
        }),
        { numRuns: 500 },
      );
    }
  });
});
