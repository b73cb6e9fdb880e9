import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { NetworkError, OriginPolicyError, RateLimitError, TimeoutError } from '../../../src/core/http/errors';
import { credentialRefusal, isLoopbackHost } from '../../../src/core/http/originPolicy';
import type { TokenProvider } from '../../../src/core/http/types';
import { FakeClock, turn } from './fakeClock';
import { send, startLoopback, type Loopback } from './loopback';

const SECRET = 'tok-SECRET-6f1d2a';

function tokens(list: string[] = [SECRET]): TokenProvider & { calls: boolean[] } {
  const calls: boolean[] = [];
  let i = 0;
  return {
    calls,
    getToken: async ({ forceRefresh }) => {
      calls.push(forceRefresh);
      return list[Math.min(i++, list.length - 1)];
    },
  };
}

describe('http client: credentials and origin policy', () => {
  let servers: Loopback[] = [];
  let client: ThrottledClient | undefined;
  afterEach(async () => {
    await client?.close();
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    client = undefined;
  });

  it('sends Bearer only to the configured origin; another loopback port never sees Authorization', async () => {
    const foreign = await startLoopback((_r, res) => send(res, 200));
    const home = await startLoopback((_r, res) => send(res, 200, {}, JSON.stringify({ nextLink: `${foreign.origin}/steal` })));
    servers.push(foreign, home);
    client = new ThrottledClient({ origin: home.origin, tokenProvider: tokens(), clock: new FakeClock() });
    const page = await client.request({ method: 'GET', url: '/events' });
    assert.equal(home.seen[0]?.headers.authorization, `Bearer ${SECRET}`);
    const nextLink = (JSON.parse(page.body) as { nextLink: string }).nextLink;
    await assert.rejects(client.request({ method: 'GET', url: nextLink }), (e: unknown) => {
      assert.ok(e instanceof OriginPolicyError);
      assert.match(e.message, /Refused to send credentials to http:\/\/127\.0\.0\.1:\d+ because/);
      return true;
    });
    // A caller-supplied Authorization header is refused the same way.
    await assert.rejects(client.request({ method: 'GET', url: nextLink, headers: { Authorization: `Bearer ${SECRET}` } }), OriginPolicyError);
    assert.equal(foreign.seen.length, 0);
  });

  it('without a token provider, other origins may be read (no credentials to leak)', async () => {
    const other = await startLoopback((_r, res) => send(res, 200));
    servers.push(other);
    client = new ThrottledClient({ origin: 'https://management.azure.com', clock: new FakeClock() });
    const res = await client.request({ method: 'GET', url: `${other.origin}/x` });
    assert.equal(res.status, 200);
    assert.equal(other.seen[0]?.headers.authorization, undefined);
  });

  it('refuses credentials over plain http off loopback, before any network use', async () => {
    client = new ThrottledClient({ origin: 'http://service.example', tokenProvider: tokens(), clock: new FakeClock() });
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof OriginPolicyError && /plain HTTP/.test(e.message));
    assert.equal(client.quota.requestsSent, 0);
  });

  it('treats only 127.0.0.0/8, ::1 and localhost itself as loopback for plain http', () => {
    for (const host of ['127.0.0.1', '127.255.0.9', '[::1]', 'localhost', 'LOCALHOST']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
    // Names under .localhost go to the resolver, which may send them anywhere.
    for (const host of ['proxy.localhost', 'localhost.example', '128.0.0.1', '10.0.0.1', '::2', '127.0.0.1.nip.io']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
    assert.equal(credentialRefusal(new URL('http://proxy.localhost:8080/x'), 'http://proxy.localhost:8080'), 'insecure');
    assert.equal(credentialRefusal(new URL('http://127.0.0.1:8080/x'), 'http://127.0.0.1:8080'), undefined);
  });

  it('returns a 3xx to another origin without following it', async () => {
    const foreign = await startLoopback((_r, res) => send(res, 200));
    const home = await startLoopback((_r, res) => send(res, 302, { location: `${foreign.origin}/landing` }, ''));
    servers.push(foreign, home);
    client = new ThrottledClient({ origin: home.origin, tokenProvider: tokens(), clock: new FakeClock() });
    const res = await client.request({ method: 'GET', url: '/moved' });
    assert.equal(res.status, 302);
    assert.equal(res.headers['location'], `${foreign.origin}/landing`);
    assert.equal(foreign.seen.length, 0);
  });

  it('a 401 triggers exactly one forced token refresh and retry', async () => {
    const home = await startLoopback((r, res) => (r.headers.authorization === 'Bearer fresh' ? send(res, 200) : send(res, 401)));
    servers.push(home);
    const tp = tokens(['stale', 'fresh']);
    client = new ThrottledClient({ origin: home.origin, tokenProvider: tp, clock: new FakeClock() });
    const res = await client.request({ method: 'GET', url: '/x' });
    assert.equal(res.status, 200);
    assert.deepEqual(tp.calls, [false, true]);
    assert.deepEqual(home.seen.map((s) => s.headers.authorization), ['Bearer stale', 'Bearer fresh']);
  });

  it('a second 401 is returned', async () => {
    const home = await startLoopback((_r, res) => send(res, 401, {}, '{"error":{"code":"InvalidAuthenticationToken"}}'));
    servers.push(home);
    const tp = tokens();
    client = new ThrottledClient({ origin: home.origin, tokenProvider: tp, clock: new FakeClock() });
    const res = await client.request({ method: 'GET', url: '/x' });
    assert.equal(res.status, 401);
    assert.deepEqual(tp.calls, [false, true]);
    assert.equal(home.seen.length, 2);
  });

  it('never puts the token in errors or log lines, on any failure path', async () => {
    const lines: string[] = [];
    const log = (l: string): void => {
      lines.push(l);
    };
    const T0 = Date.UTC(2025, 0, 1);
    const clock = new FakeClock(T0);
    const home = await startLoopback((r, res) => {
      if (r.path === '/secondary') send(res, 403, { 'x-ratelimit-remaining': '5' }, 'secondary rate limit');
      else if (r.path === '/primary') send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 7200) });
      else if (r.path === '/reset') res.socket?.destroy();
      else if (r.path === '/hang') return; // never answers
      else send(res, 500, {}, `{"echo":"${r.headers.authorization ?? ''}"}`);
    }, () => clock.now());
    servers.push(home);
    const errors: unknown[] = [];
    const make = (extra: object = {}): ThrottledClient =>
      new ThrottledClient({ origin: home.origin, tokenProvider: tokens(), clock, log, maxRetries: 1, maxTransientRetries: 1, random: () => 0, ...extra });
    const c1 = make();
    client = c1;
    errors.push(await clock.runUntil(c1.request({ method: 'GET', url: '/secondary' })).catch((e: unknown) => e));
    errors.push(await clock.runUntil(c1.request({ method: 'GET', url: '/primary' })).catch((e: unknown) => e));
    // Only the hanging request needs a short timeout; the others get room on a loaded machine.
    const c2 = make({ requestTimeoutMs: 10_000 });
    const short = make({ requestTimeoutMs: 100 });
    errors.push(await clock.runUntil(c2.request({ method: 'GET', url: '/reset' })).catch((e: unknown) => e));
    errors.push(await short.request({ method: 'GET', url: '/hang' }).catch((e: unknown) => e));
    await short.close();
    errors.push(await clock.runUntil(c2.request({ method: 'GET', url: 'http://127.0.0.2:1/elsewhere' })).catch((e: unknown) => e));
    const ac = new AbortController();
    const aborted = c2.request({ method: 'GET', url: '/hang', signal: ac.signal }).catch((e: unknown) => e);
    // Abort once it is in flight: the server has it (the second /hang it sees).
    while (home.seen.filter((r) => r.path === '/hang').length < 2) await turn();
    ac.abort();
    errors.push(await aborted);
    assert.equal((await clock.runUntil(c2.request({ method: 'GET', url: '/500' }))).status, 500); // returned after retries
    await c2.close();

    assert.ok(errors[0] instanceof RateLimitError);
    assert.ok(errors[1] instanceof RateLimitError);
    assert.ok(errors[2] instanceof NetworkError);
    assert.ok(errors[3] instanceof TimeoutError);
    assert.ok(errors[4] instanceof OriginPolicyError);
    assert.equal((errors[5] as Error).name, 'AbortError');
    assert.ok(lines.length > 5);
    for (const e of errors) {
      const err = e as Error & { cause?: unknown };
      const text = `${err.message}\n${err.stack ?? ''}\n${String(err.cause)}\n${(err.cause as Error | undefined)?.stack ?? ''}`;
      assert.ok(!text.includes(SECRET), `token leaked in ${err.name}: ${text}`);
    }
    for (const l of lines) {
      assert.ok(!l.includes(SECRET), `token leaked in log: ${l}`);
    }
  });
});
