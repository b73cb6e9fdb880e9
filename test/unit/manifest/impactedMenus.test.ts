// The impacted-resource row menus: "Open in Azure Portal" only on rows with a portal page, "Reveal in
// Azure Resources" only with an ARM id and only while the Azure Resources extension is installed
// (the context key the extension sets). The `when` regexes are evaluated here on the contextValues
// the rows really get.
import assert from 'node:assert/strict';
import { localizedManifest } from './localizedManifest';
import { RESOURCE_CONTEXT } from '../../../src/ui/resources/resourceContext';

interface MenuItem {
  readonly command: string;
  readonly when?: string;
  readonly group?: string;
}
interface Manifest {
  contributes: { menus: Record<string, MenuItem[]>; commands: Array<{ command: string; title: string }> };
}

const manifest = localizedManifest<Manifest>();
const items = manifest.contributes.menus['view/item/context'] ?? [];

function viewItemRegex(when: string): RegExp {
  const m = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  assert.ok(m?.[1], `no viewItem regex in "${when}"`);
  return new RegExp(m[1]);
}

describe('impacted resource menus (package.json)', () => {
  const open = items.filter((i) => i.command === 'serviceHealth.openResourceInPortal');
  const reveal = items.filter((i) => i.command === 'serviceHealth.revealInAzureResources');

  it('Open in Azure Portal is inline and in the context menu, only on rows with a portal page', () => {
    assert.deepEqual(open.map((i) => i.group?.split('@')[0]).sort(), ['inline', 'navigation']);
    for (const item of open) {
      const re = viewItemRegex(item.when ?? '');
      assert.equal(re.test(`${RESOURCE_CONTEXT};portal;id`), true);
      assert.equal(re.test(`${RESOURCE_CONTEXT};id`), false, 'offered on a sample row (no portal page)');
      assert.equal(re.test(RESOURCE_CONTEXT), false, 'offered on a row without an ARM id');
      assert.equal(re.test('serviceHealth.event;active;seen'), false);
    }
  });

  it('Reveal in Azure Resources needs the Azure Resources extension and an ARM id', () => {
    assert.equal(reveal.length, 1);
    const when = reveal[0]?.when ?? '';
    assert.match(when, /(^|&& )serviceHealth\.azureResourcesInstalled( &&|$)/);
    const re = viewItemRegex(when);
    assert.equal(re.test(`${RESOURCE_CONTEXT};id`), true, 'sample rows with an id can be revealed');
    assert.equal(re.test(`${RESOURCE_CONTEXT};portal;id`), true);
    assert.equal(re.test(RESOURCE_CONTEXT), false, 'offered on an info-only row');
  });

  it('Copy as Markdown and Export Impacted Resources as CSV… are on event rows, with titles', () => {
    for (const [command, title] of [['serviceHealth.copyEventMarkdown', 'Copy as Markdown'], ['serviceHealth.exportImpactedResourcesCsv', 'Export Impacted Resources as CSV…']] as const) {
      const on = items.filter((i) => i.command === command);
      assert.equal(on.length, 1, command);
      assert.equal(viewItemRegex(on[0]?.when ?? '').test('serviceHealth.event;active;seen'), true);
      assert.deepEqual(manifest.contributes.commands.filter((c) => c.command === command).map((c) => c.title), [title]);
    }
  });
});
