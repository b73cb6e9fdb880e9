import { StringDecoder } from 'node:string_decoder';
import { ResponseTooLargeError } from './errors';

/** Error bodies are only read for their message: 64 KB is far more than any service sends. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The part of undici's body stream the reader uses. */
export type BodyStream = AsyncIterable<unknown> & { destroy(): void };

/** How much of the body's end is kept apart (see HttpResponse.bodyTail). */
const TAIL_CHARS = 16 * 1024;

export interface BodyText {
  readonly text: string;
  /** The end of `text`, at least TAIL_CHARS long when the body is. */
  readonly tail: string;
}

/**
 * Reads a body up to a cap. An error body is only read for its message, so past 64 KB it is
 * cut; a success body past `maxBytes` is refused rather than held in memory.
 *
 * Each chunk is decoded as it arrives (a page of events is ~0.5 MB): decoding the whole body
 * after its last byte put ~5 ms per page between one page's answer and the next request, and a
 * second copy of the page (the joined Buffer) on the heap. The decoder keeps a character split
 * across chunks whole; the text is the same as decoding the joined bytes.
 */
export async function readBody(stream: BodyStream, status: number, origin: string, maxBytes: number): Promise<BodyText> {
  const cap = status >= 400 ? MAX_ERROR_BODY_BYTES : maxBytes;
  const decoder = new StringDecoder('utf8');
  let text = '';
  // The latest pieces, newest last, while they are needed to make up the tail.
  const pieces: string[] = [];
  let piecesLength = 0;
  const add = (piece: string): void => {
    if (piece === '') {
      return;
    }
    text += piece;
    pieces.push(piece);
    piecesLength += piece.length;
    while (pieces.length > 1 && piecesLength - (pieces[0]?.length ?? 0) >= TAIL_CHARS) {
      piecesLength -= pieces.shift()?.length ?? 0;
    }
  };
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buf.length > cap) {
      stream.destroy();
      if (status >= 400) {
        add(decoder.write(buf.subarray(0, cap - size)));
        break;
      }
      throw new ResponseTooLargeError(origin, cap);
    }
    add(decoder.write(buf));
    size += buf.length;
  }
  add(decoder.end());
  return { text, tail: pieces.join('') };
}
