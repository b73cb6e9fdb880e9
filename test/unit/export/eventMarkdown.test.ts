import assert from 'node:assert/strict';
import { eventMarkdown } from '../../../src/core/export/eventMarkdown';
import type { StoredEvent } from '../../../src/core/events/eventFacts';

const SUB = '11111111-1111-4111-8111-111111111111';
const stored: StoredEvent = {
  subscriptionId: SUB,
  trackingId: 'VM01-XYZ',
  event: {
    name: 'VM01-XYZ',
    properties: {
      eventType: 'ServiceIssue',
      status: 'Active',
      eventLevel: 'Warning',
      title: 'Virtual Machines - West Europe [see](javascript:alert(1))',
      impactStartTime: '2026-11-25T10:00:00Z',
      lastUpdateTime: '2026-11-25T12:30:00Z',
      links: [{ type: 'Hyperlink', displayText: { value: 'Request RCA' }, extensionName: 'Microsoft_Azure_Health', bladeName: 'RequestRCABlade', parameters: { trackingId: 'VM01-XYZ' } }],
      impact: [
        {
          impactedService: 'Virtual Machines',
          impactedRegions: [
            {
              impactedRegion: 'West Europe',
              updates: [
                { summary: '<p>Engineers are investigating.</p>', updateDateTime: '2026-11-25T10:05:00Z' },
                { summary: '<p>Mitigation in progress | <b>ETA</b> 2h.</p>', updateDateTime: '2026-11-25T12:30:00Z' },
              ],
            },
          ],
        },
      ],
    },
  },
};

const rows = [
  { name: 'web|1', type: 'Microsoft.Web/sites', resourceGroup: 'rg-web', region: 'westeurope', subscriptionId: SUB, resourceId: `/subscriptions/${SUB}/resourceGroups/rg-web/providers/Microsoft.Web/sites/web1` },
  { name: 'db-1', type: 'Microsoft.Sql/servers', resourceGroup: 'rg-data', region: 'westeurope', subscriptionId: SUB },
];

describe('Copy as Markdown', () => {
  const md = eventMarkdown(stored, { portalUrl: 'https://portal.azure.com', resources: rows });

  it('has the title (escaped: no link from service text), status and times', () => {
    assert.match(md, /^# Virtual Machines - West Europe \\\[see\\\]\\\(javascript:alert\\\(1\\\)\\\)\n/u);
    assert.match(md, /- \*\*Status:\*\* Active/u);
    assert.match(md, /- \*\*Tracking ID:\*\* VM01-XYZ/u);
    assert.match(md, /- \*\*Type:\*\* Service issue\n/u);
    assert.match(md, /- \*\*Impact start:\*\* 25 Nov 2026, 10:00 UTC/u);
    assert.match(md, /- \*\*Last update:\*\* 25 Nov 2026, 12:30 UTC/u);
  });

  it('lists updates newest first, as text', () => {
    const newest = md.indexOf('Mitigation in progress');
    const oldest = md.indexOf('Engineers are investigating');
    assert.ok(newest > 0 && oldest > newest, md);
    assert.doesNotMatch(md, /<p>|<b>/u);
  });

  it('tables the impacted resources by resource group, a | in a name cannot break the table, ids link to the portal', () => {
    const data = md.indexOf('| rg-data | db-1 |');
    const web = md.indexOf(`| rg-web | [web\\|1](https://portal.azure.com/#@/resource/subscriptions/${SUB}/resourceGroups/rg-web/providers/Microsoft.Web/sites/web1) |`);
    assert.ok(data > 0 && web > data, md);
  });

  it('links the event in the portal and its own links', () => {
    assert.match(md, /- \[Open in Azure portal\]\(https:\/\/portal\.azure\.com\/#view\/Microsoft_Azure_Health\/AzureHealthBrowseBlade\/~\/serviceIssues\/trackingId\/VM01-XYZ\)/u);
    assert.match(md, /- \[Request RCA\]\(https:\/\/portal\.azure\.com\/#blade\/Microsoft_Azure_Health\/RequestRCABlade\/trackingId\/VM01-XYZ\)/u);
  });

  it('a sample event says so and links nowhere (its tracking id and resources are made up)', () => {
    const sample = eventMarkdown(stored, { portalUrl: 'https://portal.azure.com', resources: rows, sample: true });
    assert.match(sample, /^# .+\n\n> Sample event made up by the local sample service/u);
    assert.doesNotMatch(sample, /https:/u);
    assert.match(sample, /\| rg-web \| web\\\|1 \|/u);
  });

  it('says when resources were not listed, or that none are impacted', () => {
    assert.match(eventMarkdown(stored, { portalUrl: 'https://portal.azure.com', resourcesError: 'You need the Reader role.' }), /Not listed: You need the Reader role\./u);
    assert.match(eventMarkdown(stored, { portalUrl: 'https://portal.azure.com', resources: [] }), /None of your resources are listed as impacted\./u);
  });
});
