import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { MockAgent as MockAgentClass } from 'undici';
import { ThrottledClient } from '../../../src/core/http/client';
import { NetworkError, TimeoutError } from '../../../src/core/http/errors';
import { FakeClock } from './fakeClock';
import { send, startLoopback, type Loopback } from './loopback';

// Deep require: undici's index would install a global dispatcher (see src/core/http/undiciParts.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MockAgent = require('undici/lib/mock/mock-agent') as typeof MockAgentClass;

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('http client: transient faults, abort, timeout', () => {
  let server: Loopback | undefined;
  let client: ThrottledClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  it('retries 5xx with full-jitter exponential back-off, then returns the last 5xx', async () => {
    const clock = new FakeClock(T0);
    server = await startLoopback((_r, res, i) => send(res, [500, 502, 504, 500][i] ?? 500, {}, `{"n":${i}}`), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock, random: () => 0.5, maxTransientRetries: 3 });
    const res = await clock.runUntil(client.request({ method: 'POST', url: '/x', json: { a: 1 } }));
    assert.equal(res.status, 500);
    assert.equal(res.body, '{"n":3}');
    // 0.5 x min(4000, 250 x 2^n)
    assert.deepEqual(server.seen.map((s) => s.at - T0), [0, 125, 375, 875]);
    assert.equal(server.seen[3]?.body, '{"a":1}');
  });

  it('honours retry-after on 503 and succeeds', async () => {
    const clock = new FakeClock(T0);
    server = await startLoopback((_r, res, i) => (i === 0 ? send(res, 503, { 'retry-after': '3' }) : send(res, 200)), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    const pending = client.request({ method: 'GET', url: '/x' });
    // Waits the 3 s it was told: not sent again at 2,999 ms, sent at 3,000.
    assert.equal(await clock.nextSleep(), 3000);
    await clock.tick(2999);
    assert.equal(server.seen.length, 1);
    await clock.tick(1);
    assert.equal((await pending).status, 200);
    assert.deepEqual(server.seen.map((s) => s.at - T0), [0, 3000]);
  });

  it('retries a connection reset (ECONNRESET) from a real server', async () => {
    const clock = new FakeClock(T0);
    server = await startLoopback((_r, res, i) => (i < 2 ? res.socket?.destroy() : send(res, 200)), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock, random: () => 1 });
    assert.equal((await clock.runUntil(client.request({ method: 'GET', url: '/x' }))).status, 200);
    assert.deepEqual(server.seen.map((s) => s.at - T0), [0, 250, 750]);
    assert.equal(client.quota.requestsSent, 3);
  });

  it('gives up with NetworkError after maxTransientRetries (MockAgent)', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('https://management.azure.com');
    const err = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    pool.intercept({ path: '/x', method: 'GET' }).replyWithError(err).times(3);
    const clock = new FakeClock(T0);
    client = new ThrottledClient({ origin: 'https://management.azure.com', clock, dispatcher: agent, maxTransientRetries: 2 });
    await assert.rejects(clock.runUntil(client.request({ method: 'GET', url: '/x' })), (e: unknown) => e instanceof NetworkError && e.code === 'ECONNRESET' && /check your network/.test(e.message));
    assert.equal(client.quota.requestsSent, 3);
    await agent.close();
  });

  it('aborts while waiting in the queue, during back-off, and in flight, with the caller\u2019s reason', async () => {
    const clock = new FakeClock(T0);
    let hangArrived = (): void => undefined;
    const hanging = new Promise<void>((resolve) => (hangArrived = resolve));
    server = await startLoopback((r, res) => (r.path === '/busy' ? send(res, 429, { 'retry-after': '30' }) : r.path === '/hang' ? hangArrived() : send(res, 503)), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    const reason = new DOMException('stop', 'AbortError');
    // In flight.
    const a1 = new AbortController();
    const p1 = client.request({ method: 'GET', url: '/hang', signal: a1.signal });
    await hanging;
    a1.abort(reason);
    await assert.rejects(p1, (e) => e === reason);
    // During a 5xx back-off.
    const a2 = new AbortController();
    const p2 = client.request({ method: 'GET', url: '/flaky', signal: a2.signal });
    await clock.nextSleep();
    a2.abort(reason);
    await assert.rejects(p2, (e) => e === reason);
    // Queued behind a whole-queue pause.
    const p3 = client.request({ method: 'GET', url: '/busy' }).catch((e: unknown) => e);
    await clock.nextSleep();
    assert.equal(client.quota.pausedUntil, T0 + 30_000);
    const a4 = new AbortController();
    const p4 = client.request({ method: 'GET', url: '/other', signal: a4.signal });
    a4.abort(reason);
    await assert.rejects(p4, (e) => e === reason);
    await client.close();
    assert.ok((await p3) instanceof Error, 'close() rejects what is still queued');
    assert.equal(server.seen.some((s) => s.path === '/other'), false);
  });

  it('throws TimeoutError when the server does not answer in time', async () => {
    server = await startLoopback(() => undefined);
    client = new ThrottledClient({ origin: server.origin, clock: new FakeClock(T0), requestTimeoutMs: 100 });
    await assert.rejects(client.request({ method: 'GET', url: '/slow' }), (e: unknown) => e instanceof TimeoutError && /did not answer within 0\.1 seconds/.test(e.message));
  });

  it('leaves the process-wide undici dispatcher untouched (undefined before and after)', function () {
    this.timeout(20_000);
    const clientModule = path.resolve(__dirname, '../../../src/core/http/client.js');
    const script = `
      const http = require('node:http');
      const key = Symbol.for('undici.globalDispatcher.1');
      const before = globalThis[key];
      const { ThrottledClient } = require(${JSON.stringify(clientModule)});
      const server = http.createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', async () => {
        const c = new ThrottledClient({ origin: 'http://127.0.0.1:' + server.address().port });
        const r = await c.request({ method: 'GET', url: '/' });
        await c.close();
        server.close();
        console.log(JSON.stringify({ before: typeof before, after: typeof globalThis[key], status: r.status }));
      });`;
    const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout.trim()), { before: 'undefined', after: 'undefined', status: 200 });
  });
});
