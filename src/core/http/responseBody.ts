import { ResponseTooLargeError } from './errors';

/** Error bodies are only read for their message: 64 KB is far more than any service sends. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The part of undici's body stream the reader uses. */
export type BodyStream = AsyncIterable<unknown> & { destroy(): void };

/**
 * Reads a body up to a cap. An error body is only read for its message, so past 64 KB it is
 * cut; a success body past `maxBytes` is refused rather than held in memory.
 */
export async function readBody(stream: BodyStream, status: number, origin: string, maxBytes: number): Promise<string> {
  const cap = status >= 400 ? MAX_ERROR_BODY_BYTES : maxBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buf.length > cap) {
      stream.destroy();
      if (status >= 400) {
        chunks.push(buf.subarray(0, cap - size));
        break;
      }
      throw new ResponseTooLargeError(origin, cap);
    }
    chunks.push(buf);
    size += buf.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
