import assert from 'node:assert/strict';
import { ApiError, PagingError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { OriginPolicyError } from '../../../src/core/http/errors';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { FakeClock } from '../http/fakeClock';
import { send, startLoopback, type Loopback } from '../http/loopback';
import { SUB_A } from './faultCases';

const TOKEN = 'matrix-SECRET-token-3c9e1f';
const LONG_AGO = new Date(Date.UTC(2000, 0, 1));

/**
 * No credential ever reaches another origin. A second loopback server (same host, other port)
 * records every header it receives; paging, redirects and direct requests all try to reach it.
 */
describe('security matrix: credentials stay on the configured origin', () => {
  let service: SampleService;
  let recorder: Loopback;
  let redirector: Loopback;
  const logLines: string[] = [];
  const messages: string[] = [];

  before(async () => {
    service = await startSampleService({ seed: 9, events: 30, pageSize: 5, subscriptionIds: [SUB_A], token: TOKEN });
    recorder = await startLoopback((_r, res) => send(res, 200, {}, JSON.stringify({ value: [] })));
    // A "service" that redirects every request to the recorder, as a hijacked proxy might.
    redirector = await startLoopback((r, res) => send(res, 302, { location: `${recorder.origin}${r.path}` }, ''));
  });
  after(async () => {
    await Promise.all([service.close(), recorder.close(), redirector.close()]);
    // Across every scenario: the recorder never saw Authorization, and the token is in no text.
    for (const seen of recorder.seen) {
      assert.equal(seen.headers.authorization, undefined);
      assert.ok(!JSON.stringify(seen.headers).includes(TOKEN));
    }
    for (const text of [...logLines, ...messages]) {
      assert.ok(!text.includes(TOKEN), `token leaked into: ${text}`);
    }
  });

  function clientFor(origin: string): ThrottledClient {
    return new ThrottledClient({
      origin,
      tokenProvider: { getToken: async () => TOKEN },
      clock: new FakeClock(),
      maxTransientRetries: 0,
      log: (line) => logLines.push(line),
    });
  }

  it('paging: a nextLink to the other origin is not followed', async () => {
    const client = clientFor(service.url);
    try {
      service.faults.inject({ kind: 'foreignNextLink', origin: recorder.origin });
      const api = new HealthEventsApi({ client });
      const pages: number[] = [];
      await assert.rejects(
        (async () => {
          for await (const page of api.listEvents(SUB_A, { queryStartTime: LONG_AGO })) {
            pages.push(page.events.length);
          }
        })(),
        (e: unknown) => {
          assert.ok(e instanceof PagingError);
          assert.equal(e.problem, 'crossOrigin');
          messages.push(e.message);
          return true;
        },
      );
      assert.deepEqual(pages, [5], 'the first page is still delivered');
      assert.equal(recorder.seen.length, 0);
    } finally {
      await client.close();
    }
  });

  it('redirect: a 302 to the other origin is returned, not followed, and becomes a clear error', async () => {
    const client = clientFor(redirector.origin);
    try {
      const api = new HealthEventsApi({ client });
      await assert.rejects(api.listAllEvents(SUB_A), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.status, 302);
        assert.match(e.message, /^The service answered with a redirect \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/\S*, which was not followed so that your credentials stay with the configured service; check the endpoint and try again\.$/);
        messages.push(e.message);
        return true;
      });
      assert.equal(redirector.seen.length, 1);
      assert.equal(redirector.seen[0]?.headers.authorization, `Bearer ${TOKEN}`, 'the configured origin does get the token');
      assert.equal(recorder.seen.length, 0);
    } finally {
      await client.close();
    }
  });

  it('direct: a request to the other origin is refused before any network use, with or without a caller header', async () => {
    const client = clientFor(service.url);
    try {
      const variants: (Record<string, string> | undefined)[] = [undefined, { Authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer other' }];
      for (const headers of variants) {
        await assert.rejects(client.request({ method: 'GET', url: `${recorder.origin}/subscriptions`, ...(headers ? { headers } : {}) }), (e: unknown) => {
          assert.ok(e instanceof OriginPolicyError);
          assert.match(e.message, /^Refused to send credentials to http:\/\/127\.0\.0\.1:\d+ because it is not the configured service http:\/\/127\.0\.0\.1:\d+; check the endpoint setting or the link that led there\.$/);
          messages.push(e.message);
          return true;
        });
      }
      assert.equal(client.quota.requestsSent, 0);
      assert.equal(recorder.seen.length, 0);
    } finally {
      await client.close();
    }
  });

  it('a client without credentials may read the other origin, and sends no Authorization there', async () => {
    // The positive control: the recorder does record headers when it is reached.
    const client = new ThrottledClient({ origin: service.url, clock: new FakeClock(), log: (line) => logLines.push(line) });
    try {
      const res = await client.request({ method: 'GET', url: `${recorder.origin}/anything` });
      assert.equal(res.status, 200);
      assert.equal(recorder.seen.length, 1);
      assert.equal(recorder.seen[0]?.headers.authorization, undefined);
      assert.ok(recorder.seen[0]?.headers['user-agent'], 'headers are recorded');
    } finally {
      await client.close();
    }
  });
});
