import assert from 'node:assert/strict';
import { previewOf } from '../../../src/core/cache/cachePreview';
import { restoreSnapshot, snapshotOf } from '../../../src/core/cache/snapshot';
import { eventKey, type StoredEvent } from '../../../src/core/events/eventFacts';
import { EventsStore } from '../../../src/core/events/eventsStore';
import { groupEvents, type EventGroup } from '../../../src/core/events/grouping';
import { KnownNamesCache, runQuery } from '../../../src/core/chat/eventQuery';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { distinctLabels, describeIncident } from '../../../src/ui/tree/rowText';
import { DAY, HOUR, NOW, ev } from '../events/fixtures';

const WINDOW = NOW - 7 * DAY;

/** An event as the service lists it: long texts, links, FAQs and region updates besides the row fields. */
function listed(name: string, subscriptionId: string, props: Parameters<typeof ev>[1] = {}): HealthEvent {
  const base = ev(name, props);
  const p = base.properties ?? {};
  return {
    ...base,
    id: `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${name}`,
    properties: {
      ...p,
      summary: `<p>Summary of ${name}: connections time out.</p>`,
      description: `<p>${'A long description. '.repeat(50)}</p>`,
      header: 'Your service is impacted',
      eventLevel: 'Warning',
      links: [{ type: 'Hyperlink', displayText: { value: 'Learn more', localizedValue: 'Learn more' } }],
      faqs: [{ question: 'Will I receive updates?', answer: 'Yes.', localeCode: 'en-us' }],
      impact: (p.impact ?? []).map((i) => ({
        ...i,
        impactedRegions: (i.impactedRegions ?? []).map((r) => ({
          ...r,
          impactedSubscriptions: [subscriptionId],
          lastUpdateTime: new Date(NOW - HOUR).toISOString(),
          updates: [
            { summary: '<p>Mitigation is in progress.</p>', updateDateTime: new Date(NOW - HOUR).toISOString(), eventTags: ['Action Recommended'] },
            { summary: '<p>We are investigating.</p>', updateDateTime: new Date(NOW - 2 * HOUR).toISOString(), eventTags: [] },
          ],
        })),
      })),
    },
  };
}

function storeWith(results: { subscriptionId: string; events: HealthEvent[] }[]): EventsStore {
  const s = new EventsStore({ now: () => NOW });
  s.setSubscriptions(results.map((r) => r.subscriptionId));
  s.applyResults(results.map((r) => ({ ...r, queryStartTime: WINDOW })), WINDOW, NOW);
  return s;
}

/** What the tree draws of the events: groups, row labels and descriptions, in order. */
function drawn(events: readonly StoredEvent[]): string[] {
  const lines: string[] = [];
  const walk = (groups: readonly EventGroup[], depth: number): void => {
    for (const g of groups) {
      lines.push(`${'  '.repeat(depth)}${g.label} (${g.count}, ${g.activeCount} active)`);
      walk(g.groups, depth + 1);
      const labels = distinctLabels(g.incidents, g);
      g.incidents.forEach((r, i) => lines.push(`${'  '.repeat(depth + 1)}${labels[i] ?? ''} | ${describeIncident(r, NOW)} | ${r.copies.length}`));
    }
  };
  walk(groupEvents(events, 'type'), 0);
  return lines;
}

const SUB_A = '11111111-1111-1111-1111-111111111111';
const SUB_B = '22222222-2222-2222-2222-222222222222';

describe('event preview (what rows, filters and queries read)', () => {
  const full = storeWith([
    {
      subscriptionId: SUB_A,
      events: [
        listed('AAA-111', SUB_A, { impact: [{ service: 'Virtual Machines', regions: ['West Europe', 'North Europe'] }] }),
        listed('BBB-222', SUB_A, { type: 'PlannedMaintenance', status: 'Resolved', priority: 12, impact: [{ service: 'App Service', regions: ['East US'] }] }),
        listed('CCC-333', SUB_A, { type: 'HealthAdvisory', tags: ['Action Recommended'], title: 'Retirement of TLS 1.0' }),
      ],
    },
    {
      subscriptionId: SUB_B,
      events: [
        listed('AAA-111', SUB_B, { impact: [{ service: 'Virtual Machines', regions: ['West Europe', 'North Europe'] }] }),
        listed('DDD-444', SUB_B, { type: 'SecurityAdvisory', priority: 2 }),
      ],
    },
  ]);
  full.markSeen([eventKey(SUB_A, 'AAA-111')]);
  const snapshot = snapshotOf(full);

  it('drops the long texts but keeps what rows, filters and queries read', () => {
    const event = snapshot.events[0]?.event as HealthEvent;
    const p = previewOf(event).properties ?? {};
    assert.equal(p.description, undefined);
    assert.equal(p.links, undefined);
    assert.equal(p.faqs, undefined);
    assert.equal(p.summary, event.properties?.summary, 'the query language searches the summary');
    const region = p.impact?.[0]?.impactedRegions?.[0];
    assert.equal(region?.impactedRegion, 'West Europe');
    assert.equal(region?.status, 'Active');
    assert.deepEqual(region?.updates, [{ eventTags: ['Action Recommended'] }], 'only the tags of region updates stay (tag: queries)');
    assert.equal(region?.impactedSubscriptions, undefined);
    assert.ok(JSON.stringify(previewOf(event)).length * 3 < JSON.stringify(event).length, 'the preview is not much smaller');
  });

  it('draws the same tree and answers the same queries as the full events', () => {
    const restored = new EventsStore({ now: () => NOW });
    restoreSnapshot(restored, { ...snapshot, events: snapshot.events.map((e) => ({ ...e, event: previewOf(e.event as HealthEvent) })) });
    assert.deepEqual(drawn(restored.getEvents()), drawn(full.getEvents()));
    for (const q of ['tag:"action recommended"', 'timeout', 'type:security', 'region:"west europe" status:active', 'service:"app service"']) {
      const keys = (store: EventsStore): string[] => runQuery(q, store.getEvents(), NOW, new KnownNamesCache().of(store.getEvents())).selected.map((e) => eventKey(e.subscriptionId, e.trackingId)).sort();
      assert.deepEqual(keys(restored), keys(full), q);
    }
  });
});
