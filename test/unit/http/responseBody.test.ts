/**
 * Bodies are decoded chunk by chunk as they arrive (so the text is ready at the last byte): a
 * character whose bytes arrive in two TCP reads must still come out whole, and the kept tail
 * (where a nextLink is read from) must be exactly the end of the text.
 */
import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { readBody } from '../../../src/core/http/responseBody';
import { startLoopback, type Loopback } from './loopback';

async function* chunks(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    yield part;
  }
}

const stream = (...parts: Buffer[]): AsyncIterable<unknown> & { destroy(): void } => Object.assign(chunks(...parts), { destroy: () => undefined });

describe('response body decoding', () => {
  it('keeps a multi-byte character whole when its bytes arrive in different chunks (a page with "é" or "→" split by the network)', async () => {
    const text = `{"title":"Wartung für Rechenzentren → West Europe 🚧","n":1}`;
    const bytes = Buffer.from(text, 'utf8');
    // Every split point, including inside the 2-, 3- and 4-byte characters.
    for (let at = 1; at < bytes.length; at++) {
      const body = await readBody(stream(bytes.subarray(0, at), bytes.subarray(at)), 200, 'http://x', 1 << 20);
      assert.equal(body.text, text, `split at byte ${at}`);
    }
  });

  it('turns invalid bytes into U+FFFD exactly as decoding the joined bytes would', async () => {
    const bytes = Buffer.from([0x7b, 0xe2, 0x82, 0x22, 0xff, 0x7d, 0xf0, 0x9f]);
    const body = await readBody(stream(bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5)), 200, 'http://x', 1 << 20);
    assert.equal(body.text, bytes.toString('utf8'));
  });

  it('keeps at least the last 16 KB as the tail, and the tail is the end of the text', async () => {
    const parts = Array.from({ length: 40 }, (_, i) => Buffer.from(String(i % 10).repeat(1000 + i)));
    const body = await readBody(stream(...parts), 200, 'http://x', 1 << 20);
    assert.equal(body.text, Buffer.concat(parts).toString('utf8'));
    assert.ok(body.tail.length >= 16 * 1024, `tail of ${body.tail.length} chars`);
    assert.ok(body.text.endsWith(body.tail));
    // Not the whole page: the tail stays small whatever the page size.
    assert.ok(body.tail.length < 16 * 1024 + 1100);
    const small = await readBody(stream(Buffer.from('{"value":[]}')), 200, 'http://x', 1 << 20);
    assert.equal(small.tail, '{"value":[]}');
  });

  describe('over HTTP', () => {
    let server: Loopback | undefined;
    let client: ThrottledClient | undefined;
    afterEach(async () => {
      await client?.close();
      await server?.close();
    });

    it('returns the text and its tail for a page that arrives in separate writes', async () => {
      const text = JSON.stringify({ value: Array.from({ length: 2000 }, (_, i) => ({ name: `Événement ${i} — 東京` })), nextLink: 'https://x/next?page=2' });
      const bytes = Buffer.from(text, 'utf8');
      server = await startLoopback((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
        // Odd split points land inside multi-byte characters.
        let at = 0;
        const next = (): void => {
          const end = Math.min(bytes.length, at + 4097);
          res.write(bytes.subarray(at, end));
          at = end;
          if (at < bytes.length) setImmediate(next);
          else res.end();
        };
        next();
      });
      client = new ThrottledClient({ origin: server.origin });
      const r = await client.request({ method: 'GET', url: '/events' });
      assert.equal(r.body, text);
      assert.ok(r.bodyTail !== undefined && r.bodyTail.length >= 16 * 1024 && text.endsWith(r.bodyTail));
    });
  });
});
