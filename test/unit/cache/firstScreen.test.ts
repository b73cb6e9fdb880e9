import assert from 'node:assert/strict';
import { eventKey } from '../../../src/core/events/eventFacts';
import { normalizeFilter } from '../../../src/core/events/eventFilter';
import { EventsStore } from '../../../src/core/events/eventsStore';
import { readFirstScreen, type CutGroup } from '../../../src/core/cache/firstScreen';
import { groupEvents, startsExpanded, type EventGroup, type GroupBy } from '../../../src/core/events/grouping';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { firstScreenFromStore, screenScope } from '../../../src/ui/cache/firstScreenCache';
import { distinctLabels } from '../../../src/ui/tree/rowText';
import { DAY, NOW, ev } from '../events/fixtures';

/** Rows the Events tree shows per group before "Show more" (stated here, not read from the code, so a change shows). */
const PAGE = 300;

const WINDOW = NOW - 30 * DAY;
const SUB_A = '11111111-1111-1111-1111-111111111111';
const SUB_B = '22222222-2222-2222-2222-222222222222';
const NAMES = new Map<string, string>();
const FILTER = normalizeFilter(undefined, 30);

/** An event as listed for one subscription (its ARM id names the subscription) with a long text the rows never show. */
function listed(name: string, subscriptionId: string, props: Parameters<typeof ev>[1] = {}): HealthEvent {
  const base = ev(name, props);
  return { ...base, id: `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${name}`, properties: { ...base.properties, description: 'x'.repeat(2_000), summary: 'A summary.' } };
}

function storeWith(a: HealthEvent[], b: HealthEvent[]): EventsStore {
  const s = new EventsStore({ now: () => NOW });
  s.setSubscriptions([SUB_A, SUB_B]);
  s.applyResults([{ subscriptionId: SUB_A, events: a, queryStartTime: WINDOW }, { subscriptionId: SUB_B, events: b, queryStartTime: WINDOW }], WINDOW, NOW);
  return s;
}

/** `count` active service issues and one resolved one, the first listed for both subscriptions. */
function issues(count: number): EventsStore {
  const a = Array.from({ length: count }, (_, i) => listed(`ISS-${String(i).padStart(4, '0')}`, SUB_A, { updated: NOW - (i + 1) * 60_000, impact: [{ service: `Service ${i % 7}`, regions: ['East US'] }] }));
  return storeWith([...a, listed('OLD-0001', SUB_A, { status: 'Resolved' })], [listed('ISS-0000', SUB_B, { updated: NOW - 60_000, impact: [{ service: 'Service 0', regions: ['East US'] }] })]);
}

function roundTrip(store: EventsStore, groupBy: GroupBy = 'type'): { file: ReturnType<typeof firstScreenFromStore>; screen: ReturnType<typeof readFirstScreen> } {
  const file = firstScreenFromStore({ store, filter: FILTER, groupBy, names: NAMES, savedAt: NOW, stamp: 'stamp', now: NOW });
  return { file, screen: readFirstScreen(JSON.parse(JSON.stringify(file)), screenScope(groupBy, FILTER, NAMES) ?? '') };
}

/** Groups, counts and the rows a first screen holds (folded groups: none). */
function drawn(groups: readonly EventGroup[], rowsOf: (g: EventGroup) => number): string[] {
  return groups.flatMap((g) => [
    `${g.id} ${g.count}/${g.activeCount}`,
    ...drawn(g.groups, rowsOf),
    ...g.incidents.slice(0, rowsOf(g)).map((r) => `  ${r.key} ${r.copies.map((c) => eventKey(c.subscriptionId, c.trackingId)).join(',')}`),
  ]);
}

describe('cached first screen of the Events tree', () => {
  it('holds the groups and counts of the full events, and one page of rows of each group that starts expanded', () => {
    const store = issues(PAGE + 1);
    const { screen } = roundTrip(store);
    assert.ok(screen);
    const live = groupEvents(store.getEvents(), 'type');
    assert.deepEqual(drawn(screen.groups, (g) => g.incidents.length), drawn(live, (g) => (startsExpanded(g) ? PAGE : 0)));
    const active = screen.groups[0]?.groups[0] as CutGroup;
    assert.equal(active.id, 'type:ServiceIssue/status:Active');
    assert.deepEqual(active.cut, { ...active.cut, total: PAGE + 1, missing: false });
    assert.equal(active.incidents.length, PAGE, 'one row past a page is cached');
    // Labels are told apart over all the group's rows, as the tree does with the full events.
    const liveActive = live[0]?.groups[0] as EventGroup;
    assert.deepEqual(active.cut.labels, distinctLabels(liveActive.incidents, liveActive).slice(0, PAGE));
    const resolved = screen.groups[0]?.groups[1] as CutGroup;
    assert.deepEqual([resolved.incidents.length, resolved.cut.missing, resolved.cut.total], [0, true, 1], 'a folded group holds no rows');
  });

  it('a group of exactly one page is cached whole', () => {
    const { screen } = roundTrip(issues(PAGE));
    const active = screen?.groups[0]?.groups[0] as CutGroup;
    assert.deepEqual([active.incidents.length, active.cut.total], [PAGE, PAGE]);
  });

  it('stores an incident listed for two subscriptions once, without the long texts, and knows the badge and seen rows', () => {
    const store = issues(3);
    // Opening a row marks every copy seen.
    store.markSeen([eventKey(SUB_A, 'ISS-0000'), eventKey(SUB_B, 'ISS-0000')]);
    const { file, screen } = roundTrip(store);
    assert.equal(file?.events.length, 3, 'three incidents drawn, one listed twice');
    assert.equal(file?.events[0]?.properties?.description, undefined);
    assert.equal(file?.events[0]?.properties?.summary, undefined);
    assert.deepEqual([screen?.unseen, screen?.shown, screen?.held], [2, 4, 4]);
    assert.deepEqual([...(screen?.seen ?? [])].sort(), [eventKey(SUB_A, 'ISS-0000'), eventKey(SUB_B, 'ISS-0000')]);
    const first = screen?.groups[0]?.groups[0]?.incidents[0];
    assert.deepEqual(first?.copies.map((c) => c.subscriptionId), [SUB_A, SUB_B]);
    assert.equal(first?.copies[0]?.event.properties?.title, 'Event ISS-0000');
  });

  it('is not drawn for another grouping, filter or version, nor when torn or corrupt', () => {
    const { file } = roundTrip(issues(3));
    const text = JSON.stringify(file);
    const scope = screenScope('type', FILTER, NAMES) ?? '';
    assert.ok(readFirstScreen(JSON.parse(text), scope));
    assert.equal(readFirstScreen(JSON.parse(text), screenScope('status', FILTER, NAMES) ?? ''), undefined);
    assert.equal(readFirstScreen(JSON.parse(text), screenScope('type', { ...FILTER, statuses: ['Active'] }, NAMES) ?? ''), undefined);
    assert.equal(readFirstScreen({ ...JSON.parse(text), firstScreen: 2 }, scope), undefined);
    // A row naming an event the file does not hold (a file cut short and patched up, or edited).
    const parsed = JSON.parse(text) as { events: unknown[] };
    assert.equal(readFirstScreen({ ...parsed, events: parsed.events.slice(0, 1) }, scope), undefined);
    assert.equal(readFirstScreen({ ...parsed, groups: [{ id: 'type:X' }] }, scope), undefined);
    assert.equal(readFirstScreen(undefined, scope), undefined);
    assert.throws(() => JSON.parse(text.slice(0, text.length / 2)), SyntaxError, 'a torn file does not even parse (EventsCacheFiles.read answers undefined)');
  });

  it('is not made for the impacted-resources facet (its counts are not known on start)', () => {
    assert.equal(firstScreenFromStore({ store: issues(3), filter: { ...FILTER, impacted: true }, groupBy: 'type', names: NAMES, savedAt: NOW, stamp: 'stamp', now: NOW }), undefined);
  });

  it('region grouping caches the groups only (they start folded)', () => {
    const { screen } = roundTrip(issues(3), 'region');
    assert.deepEqual(screen?.groups.map((g) => [g.label, g.count, (g as CutGroup).cut.missing]), [['East US', 4, true]]);
  });
});
