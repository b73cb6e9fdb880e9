// `@health` in a real VS Code: the participant's handler answers through a recording response
// stream (api.chat), against the sample service over loopback HTTP. Counts are computed here
// independently from api.getEvents().
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { StoredEvent } from '../../src/core/events/eventFacts';
import { activateWithSampleEvents, EXTENSION_ID } from './extensionApi';


interface Meta {
  followups?: Array<{ label: string; prompt: string }>;
  listed?: string[];
  total?: number;
}


function regionsOf(e: StoredEvent): string[] {
  return (e.event.properties?.impact ?? []).flatMap((i) => (i.impactedRegions ?? []).map((r) => r.impactedRegion ?? '')).filter(Boolean);
}

/** Distinct tracking ids of active service issues impacting `region`. */
function activeIssuesIn(events: readonly StoredEvent[], region: string): Set<string> {
  return new Set(
    events
      .filter((e) => e.event.properties?.eventType === 'ServiceIssue' && e.event.properties.status === 'Active' && regionsOf(e).some((r) => r.toLowerCase() === region.toLowerCase()))
      .map((e) => e.trackingId.toUpperCase()),
  );
}

/** The region with the most active service issues (at least one). */
function busiestRegion(events: readonly StoredEvent[]): { region: string; ids: Set<string> } {
  const regions = [...new Set(events.flatMap(regionsOf))].sort();
  let best = { region: '', ids: new Set<string>() };
  for (const region of regions) {
    const ids = activeIssuesIn(events, region);
    if (ids.size > best.ids.size) best = { region, ids };
  }
  assert.ok(best.ids.size > 0, 'the sample has no active service issue with a region');
  return best;
}

/**
 * The names the sample service lists for its subscriptions, read over HTTP like the extension
 * reads them (independent of the extension's own cache), keyed by lower-case id.
 */
async function sampleSubscriptionNames(health: ServiceHealthApi): Promise<Map<string, string>> {
  const sample = health.sampleService();
  assert.ok(sample, 'no sample service');
  const response = await fetch(`${sample.url}/subscriptions?api-version=2022-12-01`, { headers: { authorization: `Bearer ${sample.token}` } });
  assert.equal(response.status, 200);
  const body = (await response.json()) as { value: Array<{ subscriptionId: string; displayName?: string }> };
  return new Map(body.value.map((s) => [s.subscriptionId.toLowerCase(), s.displayName ?? '']));
}

function meta(result: vscode.ChatResult): Meta {
  return (result.metadata ?? {}) as Meta;
}

describe('@health chat participant (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateWithSampleEvents();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await health.useAzure(); // the default mode, for the suites that follow
  });

  it('names subscriptions (as the service lists them), never by GUID: an incident several list, and its resources', async () => {
    const names = await sampleSubscriptionNames(health);
    const events = health.getEvents();
    const shared = events.find((e) => e.event.properties?.status === 'Active' && events.some((o) => o !== e && o.trackingId.toUpperCase() === e.trackingId.toUpperCase()));
    assert.ok(shared, 'the sample lists no active incident for several subscriptions');
    const owners = [...new Set(events.filter((e) => e.trackingId.toUpperCase() === shared.trackingId.toUpperCase()).map((e) => e.subscriptionId))];
    const guids = new RegExp(health.sampleService()?.subscriptionIds.join('|') ?? '\\u0000', 'i');

    // What the reader sees: link destinations (the open-details command carries the event's ref) left out.
    const visible = (markdown: string): string => markdown.replace(/\]\(command:[^)\s]*(?: "[^"]*")?\)/g, ']');
    const listing = await health.chat(`summarize ${shared.trackingId}`);
    assert.doesNotMatch(visible(listing.markdown), guids, 'a subscription GUID in the answer');
    const resources = await health.chat(`which of my resources are affected by ${shared.trackingId}?`);
    const head = resources.markdown.split('\n')[0] ?? '';
    for (const id of owners) {
      const name = names.get(id.toLowerCase());
      assert.ok(name, `the sample lists no name for ${id}`);
      assert.ok(head.includes(name), `"${head}" does not name ${name}`);
    }
    assert.doesNotMatch(visible(resources.markdown), guids, 'a subscription GUID in the resources answer');
  });

  it('is declared in the manifest with its slash commands', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { chatParticipants?: Array<{ id: string; name: string; commands?: Array<{ name: string }> }> } };
    const participant = manifest.contributes?.chatParticipants?.find((p) => p.id === 'serviceHealth.health');
    assert.ok(participant);
    assert.equal(participant.name, 'health');
    assert.deepEqual(participant.commands?.map((c) => c.name), ['active', 'maintenance', 'region', 'quota']);
  });

  it('counts the active service issues in a region like the data says', async () => {
    const { region, ids } = busiestRegion(health.getEvents());
    const answer = await health.chat(`active outages in ${region}`);
    const n = ids.size;
    const first = answer.markdown.split('\n')[0] ?? '';
    // The default window (serviceHealth.timeWindowDays) is 7 days.
    assert.equal(first, `**Active service issues in ${region}, last 7 days: ${n}**`, answer.markdown);
    const listed = meta(answer.result).listed ?? [];
    assert.equal(listed.length, Math.min(n, 10));
    assert.ok(listed.every((id) => ids.has(id.toUpperCase())), `listed ${listed.join(', ')} not all in ${[...ids].join(', ')}`);
    assert.equal(meta(answer.result).total, n);
    if (n > 10) assert.match(answer.markdown, new RegExp(`…and ${n - 10} more`, 'u'));
    const widen = meta(answer.result).followups?.[0];
    assert.equal(widen?.label, 'Show resolved too');
    assert.match(widen?.prompt ?? '', /^type:ServiceIssue region:/u);
  });

  it('/active with a region gives the same count as the plain question', async () => {
    const { region, ids } = busiestRegion(health.getEvents());
    const answer = await health.chat(region, 'active');
    assert.match(answer.markdown, new RegExp(`^\\*\\*Active service issues in ${region}, last \\d+ days: ${ids.size}\\*\\*`, 'u'));
  });

  it('/maintenance lists planned maintenance only', async () => {
    const expected = new Set(health.getEvents().filter((e) => e.event.properties?.eventType === 'PlannedMaintenance').map((e) => e.trackingId.toUpperCase()));
    const answer = await health.chat('', 'maintenance');
    const n = expected.size;
    assert.match(answer.markdown, new RegExp(`^\\*\\*Planned maintenance, last \\d+ days: ${n}\\*\\*`, 'u'));
    for (const id of meta(answer.result).listed ?? []) assert.ok(expected.has(id.toUpperCase()), id);
  });

  it('/region without a region asks for one and offers regions as follow-ups', async () => {
    const answer = await health.chat('', 'region');
    assert.match(answer.markdown, /^Which region\?/u);
    assert.ok((meta(answer.result).followups ?? []).length > 0);
  });

  it('/quota answers with the numbers of every quota bucket', async () => {
    const answer = await health.chat('', 'quota');
    const quota = health.quota();
    assert.ok(quota && quota.buckets.size > 0, 'no quota buckets after loading events');
    const fmt = new Intl.NumberFormat('en-US');
    for (const b of quota.buckets.values()) {
      assert.ok(answer.markdown.includes(`| ${b.resource.replace(/[\\`*_[\]()<>|~&$]/gu, (c) => `\\${c}`)} | ${fmt.format(b.remaining)} |`), `row of ${b.resource} in:\n${answer.markdown}`);
    }
    assert.match(answer.markdown, /requests? left on "/u);
    assert.match(answer.markdown, new RegExp(`${quota.requestsSent} requests? sent in this session`, 'u'));
  });

  it('names the words it did not understand', async () => {
    const answer = await health.chat('active outages blorpxq');
    assert.match(answer.markdown, /^I did not understand “blorpxq”, so it was left out of the query\. To ask differently, try `[^`]*status:Active[^`]*`\./u);
  });

  it("an event title links to the details command, and following the link opens that event's details", async () => {
    const answer = await health.chat('active service issues');
    const link = /\]\((command:serviceHealth\.openDetails\?([^)\s]+))/u.exec(answer.markdown);
    assert.ok(link, answer.markdown);
    const args = JSON.parse(decodeURIComponent(link[2] ?? '')) as [{ subscriptionId: string; trackingId: string }];
    assert.equal(args[0].trackingId.toUpperCase(), meta(answer.result).listed?.[0]?.toUpperCase());
    const before = health.detailsPanelCount();
    const opened = await vscode.commands.executeCommand<boolean>('serviceHealth.openDetails', ...args);
    assert.equal(opened, true);
    assert.equal(health.detailsPanelCount(), before + 1);
  });

  it('"summarize <tracking id>" shows that event and its latest updates without a language model', async () => {
    const withUpdates = health
      .getEvents()
      .find((e) => (e.event.properties?.impact ?? []).some((i) => (i.impactedRegions ?? []).some((r) => (r.updates ?? []).some((u) => !!u.summary))));
    assert.ok(withUpdates, 'no sample event with updates');
    const answer = await health.chat(`summarize ${withUpdates.trackingId.toLowerCase()}`);
    assert.deepEqual(meta(answer.result).listed, [withUpdates.trackingId]);
    assert.match(answer.markdown, /Latest updates:/u);
    assert.match(answer.markdown, /^- \*\*\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\*\*/mu);
  });
});
