/** The signed-out endpoint check: a TCP connection only, no request (so nothing reaches the service unsigned). */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { remedyFor } from '../../../src/core/api/errorAdvice';
import { checkReachable } from '../../../src/core/http/reachability';

describe('endpoint reachability (no request sent)', () => {
  it('a listening port is reachable, and it receives no bytes', async () => {
    let received = 0;
    let closed = (): void => undefined;
    const checkClosed = new Promise<void>((resolve) => (closed = resolve));
    const server = createServer((socket) => socket.on('data', (d: Buffer) => (received += d.length)).on('close', () => closed()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    try {
      assert.equal(await checkReachable(`http://127.0.0.1:${port}`), undefined);
      // Every byte the check could have sent has arrived once its connection is closed.
      await checkClosed;
      assert.equal(received, 0, 'the check sent data');
    } finally {
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });

  it('a closed port (a dead endpoint) is a refused connection with a remedy', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(() => r(undefined)));
    const failure = await checkReachable(`http://127.0.0.1:${port}`);
    assert.equal(failure?.code, 'ECONNREFUSED');
    assert.equal(remedyFor(failure), 'restartLocalService');
  });
});
