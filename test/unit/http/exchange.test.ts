/**
 * One request through undici's handler interface: the quota headers count from the moment they
 * arrive (a large page still arriving does not hide them), and the handler's own failures end
 * that request only.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ThrottledClient } from '../../../src/core/http/client';
import { Exchange } from '../../../src/core/http/exchange';
import type { Dispatcher } from '../../../src/core/http/undiciParts';
import { startLoopback } from './loopback';

/** The part of undici's controller the handler uses, recording aborts. */
function fakeController(): Dispatcher.DispatchController & { aborted: boolean; reasons: Error[] } {
  const reasons: Error[] = [];
  return {
    aborted: false,
    paused: false,
    reason: null,
    reasons,
    abort(reason: Error) {
      this.aborted = true;
      reasons.push(reason);
    },
    pause: () => undefined,
    resume: () => undefined,
  };
}

describe('HTTP exchange', () => {
  it('records the quota from the headers while the body is still arriving (a 0.5 MB page on a slow link)', async () => {
    let finish: (() => void) | undefined;
    const server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4321', 'x-ratelimit-resource': 'core' });
      res.write('{"value":[');
      finish = () => res.end(']}');
    });
    const client = new ThrottledClient({ origin: server.origin });
    try {
      const pending = client.request({ method: 'GET', url: '/events' });
      let settled = false;
      void pending.then(() => (settled = true));
      // Waits for the client's own quota event, not for time.
      await new Promise<void>((resolve) => {
        const sub = client.onDidChangeQuota(() => {
          if (client.quota.buckets.get('core')?.remaining === 4321) {
            sub.dispose();
            resolve();
          }
        });
      });
      assert.equal(client.quota.buckets.get('core')?.remaining, 4321, 'the quota is known before the body ends');
      assert.equal(settled, false, 'the answer is not handed over before its last byte');
      finish?.();
      assert.equal((await pending).body, '{"value":[]}');
    } finally {
      finish?.();
      await client.close();
      await server.close();
    }
  });

  it('a failure in the headers callback ends that exchange with its error and aborts the request', async () => {
    const boom = new Error('boom');
    const exchange = new Exchange('http://127.0.0.1', 1024, () => {
      throw boom;
    });
    const controller = fakeController();
    exchange.onRequestStart(controller);
    exchange.onResponseStart(controller, 200, { 'content-type': 'application/json' });
    await assert.rejects(exchange.answer, (e: unknown) => e === boom);
    assert.deepEqual(controller.reasons, [boom]);
    // Whatever undici still delivers is ignored.
    exchange.onResponseData(controller, Buffer.from('{}'));
    exchange.onResponseEnd();
  });

  it('a request cancelled while it waits for a connection is aborted when undici starts it', async () => {
    const exchange = new Exchange('http://127.0.0.1', 1024, () => undefined);
    const reason = new DOMException('The user cancelled.', 'AbortError');
    exchange.cancel(reason);
    await assert.rejects(exchange.answer, (e: unknown) => e === reason);
    const controller = fakeController();
    exchange.onRequestStart(controller);
    assert.deepEqual(controller.reasons, [reason]);
  });

  it('skips 1xx informational answers and reads the final one (a proxy sending 100 Continue)', async () => {
    const exchange = new Exchange('http://127.0.0.1', 1024, () => undefined);
    const controller = fakeController();
    exchange.onRequestStart(controller);
    exchange.onResponseStart(controller, 100, {});
    assert.equal(exchange.headersSeen, false);
    exchange.onResponseStart(controller, 200, { 'x-a': '1' });
    exchange.onResponseData(controller, Buffer.from('ok'));
    exchange.onResponseEnd();
    const answer = await exchange.answer;
    assert.equal(answer.status, 200);
    assert.equal(answer.body.text(), 'ok');
    assert.equal(controller.aborted, false);
  });

  describe('a real 100 Continue before the final answer', () => {
    it('a proxy or server that sends 100 Continue unasked (Node writeContinue) before a POST answer: the answer is read, with no retry', async () => {
      const server = await startLoopback((_req, res) => {
        res.writeContinue();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
      const lines: string[] = [];
      const client = new ThrottledClient({ origin: server.origin, log: (l) => lines.push(l) });
      try {
        const res = await client.request({ method: 'POST', url: '/details', json: { id: 1 } });
        assert.equal(res.status, 200);
        assert.equal(res.body, '{"ok":true}');
        assert.equal(server.seen.length, 1, 'sent once');
        assert.deepEqual(server.seen[0]?.body, '{"id":1}');
        // The connection stays usable for the next request.
        assert.equal((await client.request({ method: 'GET', url: '/next' })).status, 200);
        assert.deepEqual(lines.filter((l) => /failed|retry/.test(l)), []);
      } finally {
        await client.close();
        await server.close();
      }
    });

    it('a server that sends two 100 Continue answers, split across packets, before the final one: the answer is read', async () => {
      let requests = 0;
      const server = net.createServer((socket) => {
        let head = '';
        socket.on('data', (d: Buffer) => {
          head += d.toString('latin1');
          if (!head.includes('\r\n\r\n')) return;
          head = '';
          requests++;
          // Written in parts, on later turns of the event loop (no timers), so they may arrive apart.
          socket.write('HTTP/1.1 10');
          setImmediate(() => {
            socket.write('0 Continue\r\n\r\nHTTP/1.0 100 Continue\r\nx-a: 1\r\n');
            setImmediate(() => socket.write('\r\nHTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}'));
          });
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new ThrottledClient({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      try {
        const res = await client.request({ method: 'GET', url: '/x' });
        assert.equal(res.status, 200);
        assert.equal(res.body, '{}');
        assert.equal(requests, 1);
      } finally {
        await client.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });
});
