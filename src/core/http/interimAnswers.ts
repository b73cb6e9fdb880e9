/**
 * undici's HTTP/1.1 client destroys the connection when an answer starts with `100 Continue`
 * (it supports no `Expect`, nodejs/undici#197), and the request then fails as "could not reach".
 * RFC 9110 (15.2) asks a client to read 1xx answers it did not ask for, and proxies send this
 * one unasked. So each connection's bytes lose those interim answers before undici reads them.
 */
import type { Duplex } from 'node:stream';

/** `HTTP/1.1 100 `: what starts an interim 100 answer (position 7 may be 0 or 1, 12 a space or CR). */
const INTERIM = 'HTTP/1.1 100 ';
/** undici writes a request's head as one string that starts with its request line. */
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.1\r\n/;

/** Whether `data` starts an interim 100 answer: 'yes', 'no', or 'maybe' (too few bytes yet). */
function startsInterim(data: Buffer): 'yes' | 'no' | 'maybe' {
  const n = Math.min(data.length, INTERIM.length);
  for (let i = 0; i < n; i++) {
    const c = String.fromCharCode(data[i] ?? 0);
    const ok = i === 7 ? c === '0' || c === '1' : i === 12 ? c === ' ' || c === '\r' : c === INTERIM[i];
    if (!ok) {
      return 'no';
    }
  }
  return n === INTERIM.length ? 'yes' : 'maybe';
}

function isRequestHead(chunk: unknown): boolean {
  const text = typeof chunk === 'string' ? chunk.slice(0, 256) : Buffer.isBuffer(chunk) ? chunk.subarray(0, 256).toString('latin1') : '';
  return REQUEST_LINE.test(text);
}

/**
 * Makes undici read `socket` without interim 100 answers. An answer can start only after a
 * request is written (undici sends one at a time per connection), so only the bytes that begin
 * an answer are looked at; everything else passes untouched.
 */
export function skipInterimContinue(socket: Duplex): void {
  let atAnswerStart = true;
  let held: Buffer | undefined;
  const read = socket.read.bind(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]): boolean => {
    if (isRequestHead(args[0])) {
      atAnswerStart = true;
    }
    return write(...args);
  }) as typeof socket.write;
  socket.read = (size?: number): unknown => {
    for (;;) {
      const chunk = read(size) as Buffer | string | null;
      if (chunk === null || !atAnswerStart) {
        return chunk;
      }
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      let data = held ? Buffer.concat([held, bytes]) : bytes; // no copy of a whole chunk
      held = undefined;
      for (;;) {
        const start = startsInterim(data);
        if (start === 'no') {
          atAnswerStart = false;
          return data;
        }
        const end = start === 'yes' ? data.indexOf('\r\n\r\n') : -1;
        if (end < 0) {
          held = data; // more bytes decide
          break;
        }
        data = data.subarray(end + 4); // an interim 100 answer, dropped
        if (data.length === 0) {
          break;
        }
      }
    }
  };
}
