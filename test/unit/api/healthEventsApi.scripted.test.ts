import assert from 'node:assert/strict';
import { ApiError, PagingError, ResponseValidationError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { quiet, turn } from '../http/fakeClock';
import { startScriptedServer, type RecordedRequest, type ScriptedReply, type ScriptedServer } from './scriptedServer';

const TOKEN = 'scripted-secret-token-0123456789';
const SUB = '11111111-2222-3333-4444-555555555555';
const EVENTS_PATH = `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events`;

function event(name: string, extra: Record<string, unknown> = {}) {
  return { id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`, name, type: '/providers/Microsoft.ResourceHealth/events', properties: { title: `Event ${name}`, status: 'Active', ...extra } };
}

describe('HealthEventsApi against a scripted loopback server', () => {
  let server: ScriptedServer | undefined;
  let other: ScriptedServer | undefined;
  let client: ThrottledClient | undefined;

  async function setup(handler: (req: RecordedRequest, origin: string) => ScriptedReply, maxPages?: number) {
    server = await startScriptedServer(handler);
    client = new ThrottledClient({ origin: server.origin, tokenProvider: { getToken: async () => TOKEN }, maxTransientRetries: 0 });
    return new HealthEventsApi({ client, maxPages });
  }

  afterEach(async () => {
    await client?.close();
    await server?.close();
    await other?.close();
    client = undefined;
    server = undefined;
    other = undefined;
  });

  it('sends api-version, $filter and queryStartTime encoded, with the subscription id path-encoded', async () => {
    const api = await setup(() => ({ body: { value: [] } }));
    await api.listAllEvents(SUB, { filter: "service eq 'Virtual Machines' or region eq 'West Europe'", queryStartTime: new Date(Date.UTC(2025, 0, 31, 12)) });
    await api.listAllEvents('a/b c', { queryStartTime: '1/31/2025' });
    const [first, second] = server!.requests;
    assert.equal(
      first?.url,
      `${EVENTS_PATH}?api-version=2025-05-01&$filter=service%20eq%20%27Virtual%20Machines%27%20or%20region%20eq%20%27West%20Europe%27&queryStartTime=2025-01-31T12%3A00%3A00.000Z`,
    );
    assert.equal(first?.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(second?.url, '/subscriptions/a%2Fb%20c/providers/Microsoft.ResourceHealth/events?api-version=2025-05-01&queryStartTime=1%2F31%2F2025');
  });

  it('falls back to a month/day/year queryStartTime once the service rejects ISO 8601, and keeps using it', async () => {
    // A service that knows only the form the seed shows.
    const api = await setup((req, origin) => {
      const start = new URL(req.url, origin).searchParams.get('queryStartTime') ?? '';
      return /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(start)
        ? { body: { value: [event('A')] } }
        : { status: 400, body: { code: 'InvalidQueryStartTime', message: `The queryStartTime '${start}' is not a valid date.`, details: '' } };
    });
    const when = new Date(Date.UTC(2025, 0, 31, 23, 30));
    assert.deepEqual((await api.listAllEvents(SUB, { queryStartTime: when })).map((e) => e.name), ['A']);
    assert.deepEqual((await api.listAllEvents(SUB, { queryStartTime: when })).map((e) => e.name), ['A']);
    const starts = server!.requests.map((r) => new URL(r.url, server!.origin).searchParams.get('queryStartTime'));
    assert.deepEqual(starts, ['2025-01-31T23:30:00.000Z', '1/31/2025', '1/31/2025']);
  });

  it('does not retry other 400s, nor a start time the caller gave as text', async () => {
    const api = await setup(() => ({ status: 400, body: { code: 'InvalidQueryStartTime', message: 'The queryStartTime is not valid.', details: '' } }));
    await assert.rejects(api.listAllEvents(SUB, { queryStartTime: 'yesterday-ish' }), ApiError);
    assert.equal(server!.requests.length, 1);
    await assert.rejects(api.listAllEvents(SUB, { filter: "service eq 'x'" }), ApiError);
    assert.equal(server!.requests.length, 2);
  });

  it('rejects an empty subscription id before sending anything', async () => {
    const api = await setup(() => ({ body: { value: [] } }));
    await assert.rejects(api.listAllEvents('  '), /subscription id is required/);
    assert.equal(server!.requests.length, 0);
  });

  it('follows nextLink, appends a missing api-version without re-encoding $skipToken, and stops on "" or null', async () => {
    const api = await setup((req, origin) => {
      if (!req.url.includes('skip')) {
        return { body: { value: [event('A')], nextLink: `${origin}${EVENTS_PATH}?$skipToken=a%2Bb%3D%3D` } };
      }
      if (req.url.includes('a%2Bb')) {
        return { body: { value: [event('B')], nextLink: `${origin}${EVENTS_PATH}?$skipToken=second&api-version=2025-05-01` } };
      }
      return { body: { value: [event('C')], nextLink: '' } };
    });
    const events = await api.listAllEvents(SUB);
    assert.deepEqual(events.map((e) => e.name), ['A', 'B', 'C']);
    assert.equal(server!.requests[1]?.url, `${EVENTS_PATH}?$skipToken=a%2Bb%3D%3D&api-version=2025-05-01`);
    assert.equal(server!.requests[2]?.url, `${EVENTS_PATH}?$skipToken=second&api-version=2025-05-01`);
    assert.equal(server!.requests.length, 3);
  });

  it('yields pages with events, and a null nextLink ends the listing', async () => {
    const api = await setup(() => ({ body: { value: [event('A'), event('B')], nextLink: null } }));
    const pages = [];
    for await (const page of api.listEvents(SUB)) {
      pages.push(page);
    }
    assert.equal(pages.length, 1);
    assert.deepEqual(pages[0]?.events.map((e) => e.name), ['A', 'B']);
  });

  it('requests the next page while the consumer still holds the current one, and aborts an unconsumed prefetch', async () => {
    const api = await setup((req, origin) => {
      const page = Number(new URL(req.url, origin).searchParams.get('$skipToken') ?? '0');
      return { body: { value: [event(`E${page}`)], nextLink: page < 4 ? `${origin}${EVENTS_PATH}?api-version=2025-05-01&$skipToken=${page + 1}` : undefined } };
    });
    const pages = api.listEvents(SUB);
    const first = await pages.next();
    assert.equal(first.value?.events[0]?.name, 'E0');
    // The consumer has not asked for page 2 yet, but its request is already under way.
    while (server!.requests.length < 2) await turn();
    assert.equal(server!.requests.length, 2);
    await pages.return(undefined); // an early break
    await quiet();
    assert.equal(server!.requests.length, 2, 'no request after the consumer stopped');
    const all = await api.listAllEvents(SUB);
    assert.deepEqual(all.map((e) => e.name), ['E0', 'E1', 'E2', 'E3', 'E4']);
    // Five for the full listing: a late request from the stopped one would make it eight.
    assert.equal(server!.requests.length, 2 + 5);
  });

  it('follows the parsed nextLink when a guess read from the text is wrong', async () => {
    // The top-level nextLink comes first and an event carries a field named nextLink after it,
    // so the text scan guesses the decoy: the parsed body must win and the listing stay exact.
    const api = await setup((req, origin) => {
      const u = new URL(req.url, origin);
      if (u.pathname.endsWith('/decoy')) {
        return { body: { value: [event('DECOY')] } };
      }
      const page = Number(u.searchParams.get('$skipToken') ?? '0');
      const next = page < 2 ? `${origin}${EVENTS_PATH}?api-version=2025-05-01&$skipToken=${page + 1}` : undefined;
      return { body: `{"nextLink":${JSON.stringify(next ?? null)},"value":[${JSON.stringify({ ...event(`E${page}`), nextLink: `${origin}/decoy` })}]}` };
    });
    const all = await api.listAllEvents(SUB);
    assert.deepEqual(all.map((e) => e.name), ['E0', 'E1', 'E2']);
  });

  it('stops with PagingError when a nextLink repeats instead of looping', async () => {
    const api = await setup((req, origin) => ({ body: { value: [event(`E${req.url.length}`)], nextLink: `${origin}${EVENTS_PATH}?$skipToken=same&api-version=2025-05-01` } }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => {
      assert.ok(error instanceof PagingError);
      assert.equal(error.problem, 'loop');
      assert.match(error.message, /already sent/);
      return true;
    });
    assert.equal(server!.requests.length, 2);
  });

  it('stops with PagingError at the page cap', async () => {
    let n = 0;
    const api = await setup((_req, origin) => ({ body: { value: [event(`E${++n}`)], nextLink: `${origin}${EVENTS_PATH}?$skipToken=${n}&api-version=2025-05-01` } }), 3);
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => error instanceof PagingError && error.problem === 'pageCap' && error.pagesRead === 3);
    assert.equal(server!.requests.length, 3);
  });

  it('refuses a nextLink to another origin, which never sees a request or the token', async () => {
    other = await startScriptedServer(() => ({ body: { value: [event('STOLEN')] } }));
    const otherOrigin = other.origin;
    const api = await setup(() => ({ body: { value: [event('A')], nextLink: `${otherOrigin}${EVENTS_PATH}?$skipToken=x&api-version=2025-05-01` } }));
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const page of api.listEvents(SUB)) {
          seen.push(...page.events.map((e) => e.name ?? ''));
        }
      })(),
      (error: unknown) => {
        assert.ok(error instanceof PagingError);
        assert.equal(error.problem, 'crossOrigin');
        assert.ok(error.message.includes(new URL(otherOrigin).host));
        assert.ok(!error.message.includes(TOKEN));
        return true;
      },
    );
    assert.deepEqual(seen, ['A']);
    assert.equal(other.requests.length, 0);
    assert.ok(other.requests.every((r) => r.headers.authorization === undefined));
  });

  it('also refuses a nextLink with a non-http scheme', async () => {
    const api = await setup(() => ({ body: { value: [], nextLink: 'file:///etc/passwd' } }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => error instanceof PagingError && error.problem === 'invalidLink');
  });

  it('names the failing field when a page does not match the schema', async () => {
    const api = await setup(() => ({ body: { value: [event('A'), event('B'), event('C'), event('D', { priority: 'high' })] } }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => {
      assert.ok(error instanceof ResponseValidationError);
      assert.equal(error.path, 'value.3.properties.priority');
      assert.equal(
        error.message,
        'The service returned an event list that could not be read (value.3.properties.priority: expected number); try again later or report it.',
      );
      return true;
    });
  });

  it('reports a non-JSON 200 body as a ResponseValidationError with a short excerpt', async () => {
    const api = await setup(() => ({ body: '<html>' + 'x'.repeat(5000) + '</html>' }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => {
      assert.ok(error instanceof ResponseValidationError);
      assert.match(error.message, /not JSON/);
      assert.ok(error.message.length < 250);
      return true;
    });
  });

  it('keeps unknown enum values and unknown fields', async () => {
    const api = await setup(() => ({ body: { value: [event('A', { eventType: 'QuantumIssue', status: 'Investigating', brandNew: { x: 1 } })] } }));
    const [e] = await api.listAllEvents(SUB);
    assert.equal(e?.properties?.eventType, 'QuantumIssue');
    assert.equal(e?.properties?.status, 'Investigating');
    assert.deepEqual((e?.properties as Record<string, unknown>)['brandNew'], { x: 1 });
  });

  it('turns a bare ErrorResponse into ApiError with code, message and details', async () => {
    const api = await setup(() => ({ status: 400, body: { code: 'InvalidFilter', message: "Unknown field 'colour'.", details: 'at position 0' } }));
    await assert.rejects(api.listAllEvents(SUB, { filter: "colour eq 'red'" }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'InvalidFilter');
      assert.equal(error.serviceMessage, "Unknown field 'colour'.");
      assert.equal(error.details, 'at position 0');
      assert.match(error.message, /fix the filter/);
      return true;
    });
  });

  it('reads the ARM-wrapped error shape and maps 404 to "pick another subscription"', async () => {
    const api = await setup(() => ({ status: 404, body: { error: { code: 'SubscriptionNotFound', message: `The subscription '${SUB}' could not be found.` } } }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'SubscriptionNotFound');
      assert.match(error.message, /pick another subscription\.$/);
      return true;
    });
  });

  it('maps 401 to "sign in again" and handles a non-JSON error body', async () => {
    const api = await setup(() => ({ status: 401, body: '<h1>Unauthorized</h1>' }));
    await assert.rejects(api.listAllEvents(SUB), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.equal(error.code, undefined);
      assert.equal(error.details, 'Unauthorized');
      assert.match(error.message, /sign in again/);
      assert.ok(!error.message.includes(TOKEN));
      return true;
    });
  });

  it('fetchEventDetails POSTs an empty body to the subscription-scoped action and validates one event', async () => {
    const api = await setup(() => ({ body: event('TRK-1', { isEventSensitive: true, description: '<p>Full text</p>', summary: 'Hidden summary' }) }));
    const details = await api.fetchEventDetails(SUB, 'TRK-1');
    assert.equal(details.properties?.description, '<p>Full text</p>');
    assert.equal(details.properties?.summary, 'Hidden summary');
    const [req] = server!.requests;
    assert.equal(req?.method, 'POST');
    assert.equal(req?.url, `${EVENTS_PATH}/TRK-1/fetchEventDetails?api-version=2025-05-01`);
    assert.equal(req?.body, '');
    assert.equal(req?.headers['content-length'], '0');
    assert.equal(req?.headers.authorization, `Bearer ${TOKEN}`);
  });

  it('fetchEventDetails 403 names the role that is needed', async () => {
    const api = await setup(() => ({ status: 403, body: { code: 'AuthorizationFailed', message: 'The client does not have authorization.' } }));
    await assert.rejects(api.fetchEventDetails(SUB, 'TRK-1'), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 403);
      assert.match(error.message, /Owner\/Subscription Admin role or a custom role with Microsoft\.ResourceHealth\/events\/fetchEventDetails\/action/);
      return true;
    });
  });

  it('fans out over subscriptions; a failing one keeps its error and the others their events', async () => {
    const api = await setup((req) => {
      if (req.url.startsWith('/subscriptions/bad/')) {
        return { status: 404, body: { code: 'SubscriptionNotFound', message: 'not found' } };
      }
      const sub = req.url.split('/')[2] ?? '';
      return { body: { value: [event(`${sub}-1`), event(`${sub}-2`)] } };
    });
    const results = await api.listEventsForSubscriptions(['s1', 'bad', 's2', 's1']);
    assert.deepEqual(results.map((r) => r.subscriptionId), ['s1', 'bad', 's2']);
    assert.deepEqual(results[0]?.events.map((e) => e.name), ['s1-1', 's1-2']);
    assert.deepEqual(results[2]?.events.map((e) => e.name), ['s2-1', 's2-2']);
    assert.equal(results[0]?.error, undefined);
    assert.ok(results[1]?.error instanceof ApiError);
    assert.deepEqual(results[1]?.events, []);
  });

  it('lists subscriptions across pages with the subscriptions api-version', async () => {
    const api = await setup((req, origin) =>
      req.url.includes('skip')
        ? { body: { value: [{ subscriptionId: 's2', displayName: 'Two' }] } }
        : { body: { value: [{ subscriptionId: 's1', displayName: 'One', state: 'Enabled' }], nextLink: `${origin}/subscriptions?$skiptoken=skip` } },
    );
    const subs = await api.listSubscriptions();
    assert.deepEqual(subs.map((s) => s.subscriptionId), ['s1', 's2']);
    assert.equal(server!.requests[0]?.url, '/subscriptions?api-version=2022-12-01');
    assert.equal(server!.requests[1]?.url, '/subscriptions?$skiptoken=skip&api-version=2022-12-01');
  });

  it('reads /rate_limit, revalidates with If-None-Match, feeds the quota state, and treats 404 as not offered', async () => {
    const status = { resources: { core: { limit: 5000, remaining: 4321, used: 679, reset: 1_900_000_000 } }, rate: { limit: 5000, remaining: 4321, used: 679, reset: 1_900_000_000 } };
    let offered = true;
    const api = await setup((req) => {
      if (!offered) {
        return { status: 404, body: { code: 'NotFound', message: 'no' } };
      }
      return req.headers['if-none-match'] === '"v1"' ? { status: 304, headers: { etag: '"v1"' } } : { body: status, headers: { etag: '"v1"' } };
    });
    const first = await api.getRateLimitStatus();
    assert.equal(first?.resources['core']?.remaining, 4321);
    assert.equal(server!.requests[0]?.url, '/rate_limit');
    assert.equal(server!.requests[0]?.headers.accept, 'application/json');
    assert.equal(server!.requests[0]?.headers['if-none-match'], undefined);
    const core = client!.quota.buckets.get('core');
    assert.equal(core?.remaining, 4321);
    assert.equal(core?.source, 'rate_limit');

    const second = await api.getRateLimitStatus();
    assert.equal(server!.requests[1]?.headers['if-none-match'], '"v1"');
    assert.deepEqual(second, first);

    offered = false;
    assert.equal(await api.getRateLimitStatus(), undefined);
  });
});
