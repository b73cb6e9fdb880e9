import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { distinctIncidents, KnownNamesCache, runQuery } from '../../../src/core/chat/eventQuery';
import { commandUri, escapeMarkdown } from '../../../src/core/text/markdown';
import {
  countPhrase,
  eventsAnswer,
  interpretationLine,
  findEvent,
  followupsFor,
  quotaAnswer,
  summarizeTarget,
} from '../../../src/core/chat/answer';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { QuotaState } from '../../../src/core/http/types';
import { parseQuery } from '../../../src/core/query';
import { event, NOW, type EventSpec } from '../query/helpers';

const OPEN = 'serviceHealth.openDetails';

function stored(spec: EventSpec, subscriptionId = 'sub-1'): StoredEvent {
  return { subscriptionId, trackingId: spec.name ?? 'AAAA-111', event: event(spec) };
}

const recent = new Date(NOW - 3 * 3_600_000).toISOString();

/** Links in rendered Markdown: `[text](destination` with an unescaped opening bracket. */
function linkDestinations(markdown: string): string[] {
  const out: string[] = [];
  const re = /(?<!\\)\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)/gu;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) out.push(m[2] ?? '');
  return out;
}

describe('chat answer: escaping', () => {
  it('escapes every Markdown-special character so a vendor title cannot form a link', () => {
    const title = 'Outage ](command:evil) [x](command:workbench.action.terminal.new) *bold* `code` <b>';
    const md = eventsAnswer({
      description: 'events',
      matches: [stored({ name: 'ABCD-123', title, status: 'Active', lastUpdate: recent })],
      now: NOW,
      openCommand: OPEN,
    }).markdown;
    const destinations = linkDestinations(md);
    assert.equal(destinations.length, 1, md);
    assert.ok(destinations[0]?.startsWith(`command:${OPEN}?`), destinations[0]);
    assert.ok(!/command:evil|terminal/u.test(destinations.join(' ')));
    assert.ok(md.includes('\\]\\(command:evil\\)'), md);
    assert.ok(!md.includes('<b>'));
  });

  it('folds line breaks so a title cannot start a new block', () => {
    assert.equal(escapeMarkdown('a\n# heading\r\n- item\u2028x'), 'a # heading - item x');
    assert.equal(escapeMarkdown('# title'), '\\# title');
    assert.equal(escapeMarkdown('- item'), '\\- item');
    assert.equal(escapeMarkdown('12. item'), '12\\. item');
    assert.equal(escapeMarkdown('AAAA-111 on 2026-11-25'), 'AAAA-111 on 2026-11-25');
  });

  it('escaped text always reads back as the same characters (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = escapeMarkdown(s);
        // Removing the escapes gives the whitespace-folded original.
        const unescaped = escaped.replace(/\\(.)/gu, '$1');
        // eslint-disable-next-line no-control-regex
        const folded = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu, ' ').replace(/\s+/gu, ' ').trim();
        assert.equal(unescaped, folded);
        assert.ok(!/(?<!\\)[[\]()`*_<>]/u.test(escaped.replace(/\\\\/gu, '')), escaped);
      }),
    );
  });

  it('command URIs carry the ref as JSON with no character that ends a link', () => {
    const ref = { subscriptionId: 'sub (1)', trackingId: "X'Y)*!~" };
    const uri = commandUri(OPEN, [ref]);
    assert.ok(!/[()\s'!*~]/u.test(uri), uri);
    const query = uri.slice(uri.indexOf('?') + 1);
    assert.deepEqual(JSON.parse(decodeURIComponent(query)), [ref]);
  });
});

describe('chat answer: counts and lists', () => {
  it('counts with the right plural and singular', () => {
    assert.equal(countPhrase(3, 'active service issues in West Europe'), '3 active service issues in West Europe');
    assert.equal(countPhrase(1, 'active service issues in West Europe'), '1 active service issue in West Europe');
    assert.equal(countPhrase(1, 'events mentioning "dns"'), '1 event mentioning "dns"');
    assert.equal(countPhrase(0, 'health advisories'), 'No health advisories');
    assert.equal(countPhrase(1, 'health advisories'), '1 health advisory');
    assert.equal(countPhrase(2, 'planned maintenance starting after 2026-12-01'), '2 planned maintenance events starting after 2026-12-01');
    assert.equal(countPhrase(1, 'planned maintenance'), '1 planned maintenance event');
  });

  it('starts with one sentence, lists each event with status, regions and update time', () => {
    const matches = [
      stored({ name: 'AAAA-111', title: 'Storage degraded', status: 'Active', lastUpdate: recent, impact: [{ service: 'Storage', regions: ['West Europe', 'North Europe'] }] }),
      stored({ name: 'BBBB-222', title: 'DNS errors', status: 'Active', lastUpdate: recent }),
    ];
    const answer = eventsAnswer({ description: 'active service issues in West Europe updated in the last 7 days', matches, now: NOW, openCommand: OPEN });
    const lines = answer.markdown.trim().split('\n');
    assert.equal(lines[0], '**Active service issues in West Europe updated in the last 7 days: 2**');
    assert.equal(answer.total, 2);
    assert.equal(answer.shown.length, 2);
    assert.match(lines[2] ?? '', /^- \[Storage degraded\]\(command:serviceHealth\.openDetails\?\S+ "Open details"\) — Active · West Europe, North Europe · updated 3h ago · AAAA-111$/u);
    assert.match(lines[3] ?? '', /^- \[DNS errors\]/u);
  });

  it('says "No …." and lists nothing when nothing matches', () => {
    const answer = eventsAnswer({ description: 'active service issues', matches: [], now: NOW });
    assert.equal(answer.markdown, '**Active service issues: 0**\n');
  });

  it('truncates to the line budget and counts the rest', () => {
    const matches = Array.from({ length: 14 }, (_, i) => stored({ name: `AAAA-${100 + i}`, title: `Event ${i}` }));
    const answer = eventsAnswer({ description: 'events', matches, now: NOW, maxLines: 10 });
    assert.equal(answer.shown.length, 10);
    assert.equal(answer.markdown.split('\n').filter((l) => l.startsWith('- ')).length, 10);
    assert.match(answer.markdown, /^\*\*Events: 14\*\*/u);
    assert.match(answer.markdown, /…and 4 more\./u);
  });

  it("honours the query's own limit and says how many more match", () => {
    const matches = Array.from({ length: 5 }, (_, i) => stored({ name: `AAAA-${100 + i}`, title: `Event ${i}` }));
    const answer = eventsAnswer({ description: 'events', matches, now: NOW, limit: 2 });
    assert.equal(answer.shown.length, 2);
    assert.match(answer.markdown, /Showing the top 2; 3 more match\./u);
  });

  it('names the words it did not understand, escaped', () => {
    const answer = eventsAnswer({ description: 'events', matches: [], now: NOW, unrecognized: ['blorp', '[x](command:evil)'] });
    assert.match(answer.markdown, /I did not understand “blorp”, “\\\[x\\\]\\\(command:evil\\\)”, so they were left out of the query\./u);
    assert.deepEqual(linkDestinations(answer.markdown), []);
  });

  it('puts the words it did not understand and a query to try first, before the interpretation and the list', () => {
    const matches = [stored({ name: 'AAAA-111', title: 'Storage degraded', status: 'Active' })];
    const answer = eventsAnswer({ description: 'active events', matches, now: NOW, windowDays: 7, unrecognized: ['blorp'], suggestedQuery: 'status:Active' });
    const lines = answer.markdown.split('\n');
    assert.equal(lines[0], 'I did not understand “blorp”, so it was left out of the query. To ask differently, try `status:Active`.');
    assert.equal(lines[2], '**Active events, last 7 days: 1**');
    assert.match(lines[4] ?? '', /^- \*\*Storage degraded\*\*/u);
  });

  it('names the held window in the interpretation only when the query has no time of its own', () => {
    assert.equal(interpretationLine('active service issues in West Europe', 7, 3), 'Active service issues in West Europe, last 7 days: 3');
    assert.equal(interpretationLine('events', 1, 0), 'Events, last 1 day: 0');
    assert.equal(interpretationLine('events updated today', undefined, 2), 'Events updated today: 2');
  });

  it('titles are bold text, not links, without an open command', () => {
    const md = eventsAnswer({ description: 'events', matches: [stored({ title: 'T' })], now: NOW }).markdown;
    assert.match(md, /- \*\*T\*\* — /u);
    assert.deepEqual(linkDestinations(md), []);
  });

  it('mentions how many subscriptions list an incident', () => {
    const incidents = distinctIncidents([stored({ name: 'AAAA-111' }, 'sub-1'), stored({ name: 'AAAA-111' }, 'sub-2'), stored({ name: 'BBBB-222' }, 'sub-1')]);
    assert.deepEqual(incidents.map((i) => [i.trackingId, i.subscriptions]), [['AAAA-111', 2], ['BBBB-222', 1]]);
    const md = eventsAnswer({ description: 'events', matches: incidents, now: NOW }).markdown;
    assert.match(md, /^\*\*Events: 2\*\*/u);
    assert.match(md, /AAAA-111 · 2 subscriptions/u);
  });
});

describe('chat answer: quota', () => {
  it('gives the sentence and a table row per bucket', () => {
    const state: QuotaState = {
      buckets: new Map([
        ['core', { resource: 'core', limit: 5000, remaining: 4812, used: 188, resetAt: NOW + 600_000, observedAt: NOW, source: 'headers' as const }],
        ['subscription|reads', { resource: 'subscription|reads', remaining: 11990, observedAt: NOW, source: 'headers' as const }],
      ]),
      requestsSent: 7,
    };
    const md = quotaAnswer(state, NOW);
    assert.match(md, /^4,812 of 5,000 requests left on "core"; the window resets in 10:00\./u);
    assert.match(md, /\| core \| 4,812 \| 188 \| 5,000 \|/u);
    assert.match(md, /\| subscription\\\|reads \| 11,990 \| — \| — \| refills continuously \| headers \|/u);
    assert.match(md, /7 requests sent in this session\./u);
  });

  it('explains what to do without a connection', () => {
    assert.match(quotaAnswer(undefined, NOW), /not connected/u);
  });
});

describe('chat: query over held events', () => {
  const events = [
    stored({ name: 'AAAA-111', type: 'ServiceIssue', status: 'Active', priority: 5, title: 'Storage', lastUpdate: recent, impact: [{ service: 'Storage', regions: ['West Europe'] }] }),
    stored({ name: 'AAAA-111', type: 'ServiceIssue', status: 'Active', priority: 5, title: 'Storage', lastUpdate: recent, impact: [{ service: 'Storage', regions: ['West Europe'] }] }, 'sub-2'),
    stored({ name: 'BBBB-222', type: 'ServiceIssue', status: 'Active', priority: 1, title: 'VMs', lastUpdate: recent, impact: [{ service: 'Virtual Machines', regions: ['West Europe'] }] }),
    stored({ name: 'CCCC-333', type: 'ServiceIssue', status: 'Resolved', priority: 1, title: 'Old', lastUpdate: recent, impact: [{ service: 'Storage', regions: ['West Europe'] }] }),
    stored({ name: 'DDDD-444', type: 'PlannedMaintenance', status: 'Active', priority: 9, title: 'Maint', lastUpdate: recent, impact: [{ service: 'Storage', regions: ['East US'] }] }),
  ];

  it('filters, sorts by priority and keeps every subscription copy', () => {
    const run = runQuery('active outages in west europe', events, NOW, new KnownNamesCache().of(events));
    assert.deepEqual(run.all.map((e) => `${e.trackingId}@${e.subscriptionId}`), ['BBBB-222@sub-1', 'AAAA-111@sub-1', 'AAAA-111@sub-2']);
    assert.equal(run.description, 'active service issues in West Europe');
    assert.deepEqual(run.parsed.unrecognized, []);
  });

  it('limits by incident, not by subscription copy', () => {
    const run = runQuery('type:ServiceIssue status:active top 2', events, NOW, new KnownNamesCache().of(events));
    assert.equal(distinctIncidents(run.selected).length, 2);
    assert.equal(run.selected.length, 3);
    assert.ok(!run.description.startsWith('top'));
  });

  it('understands regions no held event mentions', () => {
    const run = runQuery('region:"japan east"', events, NOW, new KnownNamesCache().of(events));
    assert.deepEqual(run.parsed.regions, ['Japan East']);
    assert.equal(run.all.length, 0);
  });

  it('returns the same known-names array for the same names (the parser caches by identity)', () => {
    const cache = new KnownNamesCache();
    assert.equal(cache.of(events), cache.of([...events]));
    assert.notEqual(cache.of(events), cache.of(events.slice(0, 1)));
  });
});

describe('chat: follow-ups and summaries', () => {
  it('suggests widening an active-only query and narrowing to critical', () => {
    const f = followupsFor(parseQuery('status:active type:ServiceIssue', { now: NOW }));
    assert.deepEqual(f.map((x) => x.label), ['Show resolved too', 'Only critical', 'Planned maintenance next week']);
    assert.equal(f[0]?.prompt, 'type:ServiceIssue');
    assert.equal(f[1]?.prompt, 'type:ServiceIssue status:Active level:Critical');
    // Follow-up prompts parse without unrecognized words.
    for (const x of f) assert.deepEqual(parseQuery(x.prompt, { now: NOW }).unrecognized, []);
  });

  it('a status-only query widens to all events', () => {
    assert.equal(followupsFor(parseQuery('active', { now: NOW }))[0]?.prompt, 'events');
  });

  it('reads the target of a summary request', () => {
    assert.equal(summarizeTarget('summarize ABCD-123'), 'ABCD-123');
    assert.equal(summarizeTarget('Summarise the incident "ABCD-123"?'), 'ABCD-123');
    assert.equal(summarizeTarget('what happened with Front Door?'), 'Front Door');
    assert.equal(summarizeTarget('tell me about the outage Storage in West Europe'), 'Storage in West Europe');
    assert.equal(summarizeTarget('active outages in west europe'), undefined);
    assert.equal(summarizeTarget('summarize'), undefined);
  });

  it('finds the event by tracking id first, then by title', () => {
    const list = [stored({ name: 'AAAA-111', title: 'Front Door errors' }), stored({ name: 'BBBB-222', title: 'aaaa-111 mention' })];
    assert.equal(findEvent('aaaa-111', list)?.trackingId, 'AAAA-111');
    assert.equal(findEvent('front   door', list)?.trackingId, 'AAAA-111');
    assert.equal(findEvent('nothing', list), undefined);
  });
});
