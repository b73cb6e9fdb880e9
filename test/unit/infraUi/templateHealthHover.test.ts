import assert from 'node:assert/strict';
import type { InfraTarget } from '../../../src/core/infra/types';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import { HOVER_MATCHES, templateHealthMarkdown, type HealthWords } from '../../../src/ui/infra/templateHealthHover';

const WORDS: HealthWords = {
  since: (state, when) => `${state} since ${when}`,
  showDetails: 'Show Health Details',
  noGroup: '(no resource group)',
  more: (n) => `and ${n} more`,
  several: (name, n) => `${name} is in ${n} resource groups or subscriptions:`,
};
const NOW = Date.UTC(2026, 10, 27, 12);
const rid = (group: string, name = 'app-web', type = 'Microsoft.Web/sites'): string => `/subscriptions/s1/resourceGroups/${group}/providers/${type}/${name}`;
const status = (id: string, state: string, occuredTime?: string): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: { availabilityState: state, ...(occuredTime ? { occuredTime } : {}) },
});
const target = (extra: Partial<InfraTarget> = {}): InfraTarget => ({ service: 'App Service', region: 'West Europe', file: 'main.bicep', line: 3, column: 3, name: 'app-web', resourceType: 'Microsoft.Web/sites', nameLine: 2, ...extra });
/** The resource ids the hover's command links carry. */
const linked = (md: string | undefined): string[] =>
  [...(md ?? '').matchAll(/\(command:serviceHealth\.showResourceHealth\?([^)]+)\)/g)].map((m) => (JSON.parse(decodeURIComponent(m[1] ?? '')) as string[])[0] ?? '');

describe("templates' hover: the health of the resources a template's resource names", () => {
  it('one match: its state, since when, and a Show Health Details link running the resource health command on its id', () => {
    const md = templateHealthMarkdown([target()], [status(rid('rg-prod'), 'Degraded', '2026-11-27T10:00:00Z')], NOW, WORDS);
    assert.match(md ?? '', /^\*\*app-web\*\*: Degraded since 2 hours ago/);
    assert.match(md ?? '', /\[Show Health Details\]\(command:serviceHealth\.showResourceHealth\?/);
    assert.deepEqual(linked(md), [rid('rg-prod')]);
  });

  it('a resource group with parentheses (ARM allows them) keeps its link whole: the URI encodes ( and ), the text escapes them', () => {
    const id = rid('rg(prod)');
    const md = templateHealthMarkdown([target()], [status(id, 'Available')], NOW, WORDS) ?? '';
    assert.deepEqual(linked(md), [id]);
    assert.doesNotMatch(md, /showResourceHealth\?[^)]*\(/, 'a bare ( inside the link destination');
  });

  it('nothing listed by the Resources view: nothing about health (unknown, never healthy)', () => {
    assert.equal(templateHealthMarkdown([target()], [], NOW, WORDS), undefined);
  });

  it('no match, or a target without a name (an expression the reader left out): nothing', () => {
    const held = [status(rid('rg-prod'), 'Available')];
    assert.equal(templateHealthMarkdown([target({ name: 'other' })], held, NOW, WORDS), undefined);
    assert.equal(templateHealthMarkdown([{ service: 'App Service', region: 'West Europe', file: 'main.bicep', line: 3, column: 3 }], held, NOW, WORDS), undefined);
  });

  it(`several matches: the first ${HOVER_MATCHES} by resource group and how many more; exactly ${HOVER_MATCHES}: no "more" line`, () => {
    const groups = ['rg-a', 'rg-b', 'rg-c', 'rg-d'];
    const four = templateHealthMarkdown([target()], groups.map((g) => status(rid(g), 'Available')), NOW, WORDS) ?? '';
    assert.match(four, /^\*\*app-web is in 4 resource groups or subscriptions:\*\*/);
    assert.deepEqual(linked(four), [rid('rg-a'), rid('rg-b'), rid('rg-c')]);
    assert.match(four, /- rg-a: Available — /);
    assert.match(four, /and 1 more/);
    const three = templateHealthMarkdown([target()], groups.slice(0, 3).map((g) => status(rid(g), 'Available')), NOW, WORDS) ?? '';
    assert.deepEqual(linked(three), [rid('rg-a'), rid('rg-b'), rid('rg-c')]);
    assert.doesNotMatch(three, /more/);
  });

  it('the same resource deployed to two regions (two targets on the line) is said once', () => {
    const md = templateHealthMarkdown([target(), target({ region: 'North Europe' })], [status(rid('rg-prod'), 'Unavailable')], NOW, WORDS);
    assert.deepEqual(linked(md), [rid('rg-prod')]);
  });

  it("a state's markdown characters are text, not links or markup (a later service could send any state word)", () => {
    const md = templateHealthMarkdown([target()], [status(rid('rg-prod'), '[x](https://evil.example)')], NOW, WORDS) ?? '';
    assert.ok(md.includes('\\[x\\]\\(https://evil.example\\)'), md);
    assert.doesNotMatch(md, /(^|[^\\])\]\(https:/, 'an unescaped link to the vendor URL');
  });
});
