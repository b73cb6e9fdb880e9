import assert from 'node:assert/strict';
import { eventSchema, EVENT_TYPES, parseServiceTime } from '../../../src/core/model/schemas';
import { priorityOf } from '../../../src/core/sample/eventVocabulary';
import { generateEvents } from '../../../src/core/sample/generator';
import { generateGuids } from '../../../src/core/sample/seededRandom';
import { parseQueryStartTime } from '../../../src/core/sample/queryTime';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
/** Visible text of sample HTML (it has no entities beyond &amp;). */
const text = (html: string | null | undefined): string => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
const SUBS = generateGuids(7, 3);

describe('sample generator', () => {
  const events = generateEvents({ count: 2000, seed: 7, now: NOW, subscriptionIds: SUBS });

  it('is deterministic for a seed and differs across seeds', () => {
    assert.deepEqual(generateEvents({ count: 50, seed: 7, now: NOW, subscriptionIds: SUBS }), events.slice(0, 50));
    assert.notDeepEqual(generateEvents({ count: 50, seed: 8, now: NOW, subscriptionIds: SUBS }), events.slice(0, 50));
    assert.deepEqual(generateGuids(7, 3), SUBS);
    assert.match(SUBS[0] as string, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('produces schema-valid, ARM-shaped events with unique tracking ids', () => {
    const names = new Set<string>();
    for (const { event, subscriptionIds } of events) {
      assert.ok(eventSchema.safeParse(event).success);
      assert.match(event.name ?? '', /^[A-Z0-9]{4}-[A-Z0-9]{3}$/);
      assert.equal(event.type, '/providers/Microsoft.ResourceHealth/events');
      assert.equal(event.id, `/subscriptions/${subscriptionIds[0]}/providers/Microsoft.ResourceHealth/events/${event.name}`);
      assert.ok(subscriptionIds.length >= 1 && subscriptionIds.every((s) => SUBS.includes(s)));
      names.add(event.name ?? '');
    }
    assert.equal(names.size, events.length);
  });

  it('covers every event type, status, sensitivity, HIR, billing and retirement', () => {
    const props = events.map((e) => e.event.properties ?? {});
    for (const t of EVENT_TYPES) {
      assert.ok(props.some((p) => p.eventType === t), t);
    }
    assert.ok(props.some((p) => p.status === 'Active') && props.some((p) => p.status === 'Resolved'));
    assert.ok(props.some((p) => p.isEventSensitive === true));
    assert.ok(props.some((p) => p.isHIR === true && typeof p.hirStage === 'string'));
    assert.ok(props.some((p) => p.eventSubType === 'Retirement'));
    for (const tag of ['Action Recommended', 'Preliminary PIR', 'Final PIR']) {
      assert.ok(props.some((p) => p.eventTags?.includes(tag)), tag);
    }
    for (const p of props.filter((x) => x.eventType === 'Billing')) {
      assert.ok(p.eventSubType && p.currencyType && p.billingId && typeof p.oldRate === 'number' && typeof p.newRate === 'number');
    }
    const p = props[0];
    assert.ok(p?.links?.some((l) => l.type === 'Button' && l.extensionName && l.bladeName && l.parameters));
    assert.ok(p?.links?.some((l) => l.type === 'Hyperlink'));
    assert.match(p?.description ?? '', /<p>.*<a href="https:\/\//);
    assert.ok((p?.faqs?.length ?? 0) > 0 && (p?.recommendedActions?.actions?.length ?? 0) > 0);
  });

  it('writes a short summary, a distinct full communication, and an article only for reviews and retirements', () => {
    for (const { event } of events) {
      const p = event.properties ?? {};
      const summary = text(p.summary);
      const description = text(p.description);
      assert.ok(summary.length > 20 && summary.length < 260, `short summary: ${summary}`);
      assert.ok(description.length > 2 * summary.length, `full description of ${event.name}`);
      assert.ok(!description.includes(summary), `description repeats the summary of ${event.name}`);
      assert.match(p.description ?? '', /<a href="https:\/\/[^"]+">/);
      const withArticle = p.eventType === 'RCA' || p.eventSubType === 'Retirement';
      assert.equal(p.article !== undefined, withArticle, `article of ${p.eventType} ${event.name}`);
      if (p.article) {
        const article = text(p.article.articleContent);
        assert.ok(p.article.articleId && article.length > 100);
        assert.ok(!article.includes(summary) && !description.includes(article) && !article.includes(description));
      }
    }
    const active = events.map((e) => e.event.properties ?? {}).find((p) => p.eventType === 'ServiceIssue' && p.status === 'Active');
    for (const part of ['Impact Statement:', 'Current Status:', 'Workaround:', 'Next update:']) {
      assert.ok(active?.description?.includes(`<strong>${part}</strong>`), part);
    }
    assert.match(active?.description ?? '', /<ul>(<li>[^<]*(<a href="https:[^"]+">[^<]+<\/a>[^<]*)?<\/li>){2,}<\/ul>/);
  });

  it('numbers nothing: one communication per time, in the same order in every region', () => {
    for (const { event } of events) {
      const p = event.properties ?? {};
      const regions = p.impact?.flatMap((i) => i.impactedRegions ?? []) ?? [];
      // Merged over regions, each text has one time and each time one text (regional
      // recoveries are separate communications at their own times).
      const timeOf = new Map<string, string>();
      const textAt = new Map<string, string>();
      for (const u of regions.flatMap((r) => r.updates ?? [])) {
        assert.doesNotMatch(u.summary ?? '', /Update \d/);
        assert.equal(timeOf.get(u.summary ?? '') ?? u.updateDateTime, u.updateDateTime, `${event.name}: one text at two times`);
        assert.equal(textAt.get(u.updateDateTime ?? '') ?? u.summary, u.summary, `${event.name}: two texts at one time`);
        timeOf.set(u.summary ?? '', u.updateDateTime ?? '');
        textAt.set(u.updateDateTime ?? '', u.summary ?? '');
      }
      // A region's updates are the shared ones up to its last, so no region sees them in another order.
      const shared = [...textAt.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([, s]) => s).filter((s) => !/(Mitigated|Completed) in /.test(s));
      for (const r of regions) {
        const own = (r.updates ?? []).map((u) => u.summary ?? '').filter((s) => !/(Mitigated|Completed) in /.test(s));
        assert.deepEqual(own, shared.slice(shared.length - own.length), `${event.name} ${r.impactedRegion}`);
      }
      if (p.eventType === 'ServiceIssue' && p.status === 'Resolved') {
        assert.match(shared[0] ?? '', /^<p><strong>Mitigated:/);
        assert.match(shared[shared.length - 1] ?? '', /^<p><strong>Investigating:/);
      }
    }
  });

  it('keeps priority, times and region updates consistent', () => {
    let recent = 0;
    for (const { event } of events) {
      const p = event.properties ?? {};
      assert.equal(p.priority, priorityOf(p.eventType ?? '', p.eventLevel ?? '', p.status ?? ''));
      assert.ok((p.priority ?? -1) >= 0 && (p.priority ?? 99) <= 23);
      const updated = parseServiceTime(p.lastUpdateTime) as number;
      assert.ok(updated <= NOW && updated >= NOW - 30 * 86_400_000);
      if (updated >= NOW - 3 * 86_400_000) {
        recent++;
      }
      const start = parseServiceTime(p.impactStartTime) as number;
      const end = parseServiceTime(p.impactMitigationTime);
      if (p.status === 'Resolved') {
        assert.ok(end !== undefined && start <= end && end <= updated);
      } else if (p.eventType !== 'PlannedMaintenance') {
        assert.equal(end, undefined);
        assert.ok(start <= updated);
      }
      for (const region of p.impact?.flatMap((i) => i.impactedRegions ?? []) ?? []) {
        const times = (region.updates ?? []).map((u) => parseServiceTime(u.updateDateTime) as number);
        assert.ok(times.length >= 2);
        assert.deepEqual(times, [...times].sort((a, b) => b - a), 'updates are newest first');
        assert.equal(times[0], parseServiceTime(region.lastUpdateTime));
        if (p.status === 'Resolved') {
          assert.equal(region.status, 'Resolved');
        }
      }
    }
    assert.ok(recent > events.length / 3, 'many events are within 3 days');
  });

  it('ranks by type, then level, then status', () => {
    assert.equal(priorityOf('ServiceIssue', 'Critical', 'Active'), 0);
    assert.equal(priorityOf('HealthAdvisory', 'Informational', 'Resolved'), 23);
    assert.ok(priorityOf('ServiceIssue', 'Informational', 'Resolved') < priorityOf('PlannedMaintenance', 'Critical', 'Active'));
    assert.ok(priorityOf('PlannedMaintenance', 'Warning', 'Active') < priorityOf('PlannedMaintenance', 'Warning', 'Resolved'));
  });

  it('reads queryStartTime in ISO and month/day/year forms', () => {
    assert.equal(parseQueryStartTime('11/20/2026'), Date.UTC(2026, 10, 20));
    assert.equal(parseQueryStartTime('11%2F20%2F2026'), Date.UTC(2026, 10, 20));
    assert.equal(parseQueryStartTime('1/2/2026 3:04 PM'), Date.UTC(2026, 0, 2, 15, 4));
    assert.equal(parseQueryStartTime('2026-11-20'), Date.UTC(2026, 10, 20));
    assert.equal(parseQueryStartTime('2026-11-20T10:00:00+01:00'), Date.UTC(2026, 10, 20, 9));
    for (const bad of ['2/30/2026', '13/1/2026', 'yesterday', '', '%E0%A4%A']) {
      assert.equal(parseQueryStartTime(bad), undefined, bad);
    }
  });
});
