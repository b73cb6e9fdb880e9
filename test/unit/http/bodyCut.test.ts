/**
 * A connection that breaks after the status and headers arrived (a proxy timing out mid-page, a
 * server crashing while it streams a large list) is not "could not reach": the service was
 * reached and started answering. The message must say the answer was cut off.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ThrottledClient } from '../../../src/core/http/client';
import { NetworkError } from '../../../src/core/http/errors';

describe('a response body cut mid-transfer', () => {
  let server: http.Server | undefined;
  let client: ThrottledClient | undefined;
  afterEach(async () => {
    await client?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function listen(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('says the connection broke while the answer arrived, not that the service could not be reached', async () => {
    const origin = await listen((_req, res) => {
      // Promises 100 000 bytes, sends 20, then the connection drops.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
      res.write('{"value":[{"name":"A"', () => res.socket?.destroy());
    });
    client = new ThrottledClient({ origin, maxTransientRetries: 0 });
    await assert.rejects(client.request({ method: 'GET', url: '/events' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError, String(e));
      assert.equal(e.afterHeaders, true);
      assert.doesNotMatch(e.message, /Could not reach/);
      assert.match(e.message, /^The connection to http:\/\/127\.0\.0\.1:\d+ broke while its answer was arriving( \([A-Z_]+\))?, so the answer was incomplete; try again/);
      return true;
    });
  });

  it('says nothing answered, without network or proxy advice, when a loopback port refuses the connection', async () => {
    const origin = await listen(() => undefined);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    client = new ThrottledClient({ origin, maxTransientRetries: 0 });
    await assert.rejects(client.request({ method: 'GET', url: '/events' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError && !e.afterHeaders);
      // Refused on loopback: a local process stopped, so the message names no network or proxy.
      assert.match(e.message, /^Nothing answered at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); the local service there has stopped/);
      assert.doesNotMatch(e.message, /network|proxy/i);
      return true;
    });
  });
});
