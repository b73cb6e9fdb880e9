// How the settings read in the Settings editor: a Markdown description (rendered, with links to
// other settings), a sentence per enum value, a fixed order, and links between settings that only
// make sense together, so that reading one leads to the other.
import assert from 'node:assert/strict';
import { localizedManifest } from './localizedManifest';

interface Setting {
  readonly type?: string;
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly enum?: readonly string[];
  readonly enumDescriptions?: readonly string[];
  readonly order?: number;
}

const settings = localizedManifest<{ contributes: { configuration: { properties: Record<string, Setting> } } }>().contributes.configuration.properties;
const names = Object.keys(settings);

/** Settings of other extensions our descriptions may link to (the sovereign-cloud sign-in). */
const FOREIGN_LINKS = new Set(['microsoft-sovereign-cloud.environment']);

/** Pairs that only make sense together: each description links to the other. */
const LINKED_BOTH_WAYS: ReadonlyArray<readonly [string, string]> = [
  ['serviceHealth.cloud', 'serviceHealth.tenant'],
  ['serviceHealth.cloud', 'serviceHealth.endpoint'],
  ['serviceHealth.cloud', 'serviceHealth.mode'],
  ['serviceHealth.resourceGraphThreshold', 'serviceHealth.subscriptions'],
  ['serviceHealth.notifications', 'serviceHealth.refreshIntervalMinutes'],
  ['serviceHealth.groupBy', 'serviceHealth.timeWindowDays'],
  ['serviceHealth.infrastructure.include', 'serviceHealth.infrastructure.exclude'],
];

/** The settings a description links to with the Settings editor's `#name#` syntax. */
function linksOf(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/`#([\w.-]+)#`/gu)].map((m) => m[1]!);
}

describe('settings in the Settings editor (package.json configuration)', () => {
  it('the walk sees the settings', () => {
    assert.ok(names.length >= 10, names.join());
  });

  it('every setting has a Markdown description and no plain one (only markdownDescription renders links)', () => {
    const missing = names.filter((n) => (settings[n]!.markdownDescription ?? '').trim().length < 20);
    const plain = names.filter((n) => settings[n]!.description !== undefined);
    assert.deepEqual({ missing, plain }, { missing: [], plain: [] });
  });

  it('every enum value has its own description, in the same order', () => {
    for (const [name, s] of Object.entries(settings).filter(([, s]) => s.enum)) {
      assert.equal(s.enumDescriptions?.length, s.enum!.length, `${name}: ${s.enum!.length} values, ${s.enumDescriptions?.length ?? 0} descriptions`);
      assert.deepEqual(s.enumDescriptions!.filter((d) => d.trim() === ''), [], `${name} has an empty enum description`);
    }
  });

  it('enum descriptions are plain text: the editor does not render Markdown there', () => {
    for (const [name, s] of Object.entries(settings)) {
      for (const d of s.enumDescriptions ?? []) assert.doesNotMatch(d, /`|\*\*|\]\(/u, `${name}: "${d}"`);
    }
  });

  it('every setting has its own order, so the editor keeps the manifest order instead of sorting by name', () => {
    const orders = names.map((n) => settings[n]!.order);
    assert.deepEqual(names.filter((n) => !Number.isInteger(settings[n]!.order)), [], 'settings without an order');
    assert.equal(new Set(orders).size, orders.length, `orders repeat: ${orders.join()}`);
  });

  it('every `#setting#` link names a setting that exists (ours, or the sovereign-cloud one)', () => {
    for (const [name, s] of Object.entries(settings)) {
      for (const link of linksOf(s.markdownDescription)) {
        assert.ok(names.includes(link) || FOREIGN_LINKS.has(link), `${name} links to unknown ${link}`);
        assert.notEqual(link, name, `${name} links to itself`);
      }
    }
  });

  for (const [a, b] of LINKED_BOTH_WAYS) {
    it(`${a} and ${b} link to each other`, () => {
      assert.ok(linksOf(settings[a]?.markdownDescription).includes(b), `${a} does not link to ${b}`);
      assert.ok(linksOf(settings[b]?.markdownDescription).includes(a), `${b} does not link to ${a}`);
    });
  }

  it('the national clouds say which sovereign-cloud environment they need, in the setting and in each value', () => {
    const cloud = settings['serviceHealth.cloud']!;
    assert.ok(linksOf(cloud.markdownDescription).includes('microsoft-sovereign-cloud.environment'));
    assert.match(cloud.enumDescriptions?.[cloud.enum!.indexOf('AzureChinaCloud')] ?? '', /ChinaCloud/u);
    assert.match(cloud.enumDescriptions?.[cloud.enum!.indexOf('AzureUSGovernment')] ?? '', /USGovernment/u);
  });
});
