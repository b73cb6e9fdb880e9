/**
 * Bodies are kept as bytes and decoded once, the tail (where a nextLink is read from) at the last
 * byte and the rest on first read: a character whose bytes arrive in two TCP reads must still come
 * out whole, and the tail must be exactly the end of the text even when it starts inside one.
 */
import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { BodyBytes, type BodyText } from '../../../src/core/http/responseBody';
import { startLoopback, type Loopback } from './loopback';

/** The body as the client keeps it when these network reads arrive. */
function collect(...parts: Buffer[]): BodyText {
  const bytes = new BodyBytes(1 << 20);
  for (const part of parts) {
    assert.ok(bytes.add(part));
  }
  return bytes.finish();
}

describe('response body decoding', () => {
  it('keeps a multi-byte character whole when its bytes arrive in different chunks (a page with "é" or "→" split by the network)', async () => {
    const text = `{"title":"Wartung für Rechenzentren → West Europe 🚧","n":1}`;
    const bytes = Buffer.from(text, 'utf8');
    // Every split point, including inside the 2-, 3- and 4-byte characters.
    for (let at = 1; at < bytes.length; at++) {
      const body = collect(bytes.subarray(0, at), bytes.subarray(at));
      assert.equal(body.text(), text, `split at byte ${at}`);
    }
  });

  it('turns invalid bytes into U+FFFD exactly as decoding the joined bytes would', async () => {
    const bytes = Buffer.from([0x7b, 0xe2, 0x82, 0x22, 0xff, 0x7d, 0xf0, 0x9f]);
    const body = collect(bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5));
    assert.equal(body.text(), bytes.toString('utf8'));
  });

  it('keeps the last 16 KB as the tail, and the tail is the end of the text', async () => {
    const parts = Array.from({ length: 40 }, (_, i) => Buffer.from(String(i % 10).repeat(1000 + i)));
    const body = collect(...parts);
    assert.equal(body.text(), Buffer.concat(parts).toString('utf8'));
    assert.equal(body.tail.length, 16 * 1024);
    assert.ok(body.text().endsWith(body.tail));
    const small = collect(Buffer.from('{"value":[]}'));
    assert.equal(small.tail, '{"value":[]}');
  });

  it('starts the tail on a character boundary when the tail\'s first read begins inside a character (multi-byte text cut by the network)', async () => {
    const text = `{"value":"${'Störung → 東京 🚧 '.repeat(3000)}","nextLink":"https://x/next?page=2"}`;
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1000, 1001, 1002, 1003]) {
      const parts: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
      const body = collect(...parts);
      assert.ok(!body.tail.includes('\uFFFD'), `read size ${size}: no replacement character`);
      assert.ok(text.endsWith(body.tail) && Buffer.byteLength(body.tail) > 16 * 1024 - 4, `read size ${size}`);
      assert.equal(body.text(), text);
    }
  });

  it('takes a body of exactly the cap and refuses one byte more, keeping only what fits (a page at the size limit, and one past it)', () => {
    const at = new BodyBytes(10);
    assert.equal(at.add(Buffer.from('01234')), true);
    assert.equal(at.add(Buffer.from('56789')), true);
    assert.equal(at.finish().text(), '0123456789');
    const past = new BodyBytes(10);
    assert.equal(past.add(Buffer.from('01234')), true);
    assert.equal(past.add(Buffer.from('56789X')), false);
    assert.equal(past.finish().text(), '0123456789');
  });

  it('keeps a small network read apart from the 64 KB buffer it came in (a body trickling in small reads)', () => {
    const socketBuffer = Buffer.alloc(64 * 1024, 'a');
    const read = socketBuffer.subarray(0, 10);
    const bytes = new BodyBytes(1 << 20);
    bytes.add(read);
    socketBuffer.fill('b'); // the socket's buffer reused or freed: the kept read must not change
    assert.equal(bytes.finish().text(), 'a'.repeat(10));
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
      assert.ok(r.bodyTail !== undefined && Buffer.byteLength(r.bodyTail) > 16 * 1024 - 4 && text.endsWith(r.bodyTail));
    });
  });
});
