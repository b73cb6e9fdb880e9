/** Error bodies are only read for their message: 64 KB is far more than any service sends. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** How many bytes of the body's end the tail decodes (see HttpResponse.bodyTail). */
const TAIL_BYTES = 16 * 1024;

export interface BodyText {
  /** The whole body as text, decoded on first call (then kept). */
  text(): string;
  /** The end of the text: its last 16 KB of bytes (all of a smaller body), from a character boundary. */
  readonly tail: string;
}

/** A body's bytes as they arrive, up to a cap, decoded once when the text is first asked for. Why: docs/architecture.md#http-responsebody */
export class BodyBytes {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(readonly cap: number) {}

  /** Keeps a chunk; false when it passes the cap (the part that fits is kept). */
  add(chunk: Buffer): boolean {
    const room = this.cap - this.size;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length > 0) {
      // A network read is a view into a buffer of up to 64 KB: a small one is copied so that a
      // body trickling in small reads does not hold 64 KB per read.
      this.chunks.push(kept.length * 2 < kept.buffer.byteLength ? Buffer.from(kept) : kept);
      this.size += kept.length;
    }
    return kept.length === chunk.length;
  }

  /** The text so far; call once, at the end. */
  finish(): BodyText {
    return decodedLazily(this.chunks, this.size);
  }
}

function decodedLazily(chunks: Buffer[], size: number): BodyText {
  if (size <= TAIL_BYTES) {
    const text = joined(chunks, size).toString('utf8');
    return { tail: text, text: () => text };
  }
  const tail = decodeFromBoundary(lastBytes(chunks, TAIL_BYTES));
  let text: string | undefined;
  let held: Buffer[] | undefined = chunks;
  return {
    tail,
    text: () => {
      if (text === undefined) {
        text = joined(held ?? [], size).toString('utf8');
        held = undefined; // the bytes are not needed once decoded
      }
      return text;
    },
  };
}

/** The last `count` bytes (a view when they lie in the last chunk; the body has at least `count`). */
function lastBytes(chunks: readonly Buffer[], count: number): Buffer {
  const last = chunks[chunks.length - 1];
  if (last && last.length >= count) {
    return last.subarray(last.length - count);
  }
  const parts: Buffer[] = [];
  let need = count;
  for (let i = chunks.length - 1; i >= 0 && need > 0; i--) {
    const chunk = chunks[i] ?? Buffer.alloc(0);
    parts.unshift(chunk.length > need ? chunk.subarray(chunk.length - need) : chunk);
    need -= chunk.length;
  }
  return Buffer.concat(parts, count);
}

function joined(chunks: readonly Buffer[], size?: number): Buffer {
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size);
}

/**
 * Decodes bytes that begin inside the body, maybe inside a character: the continuation bytes
 * (10xxxxxx) of a character begun before them are skipped, so the tail is exactly the end of the
 * whole text.
 */
function decodeFromBoundary(bytes: Buffer): string {
  let from = 0;
  // A UTF-8 character is at most 4 bytes: at most 3 continuation bytes precede the next one.
  while (from < 3 && from < bytes.length && ((bytes[from] ?? 0) & 0xc0) === 0x80) {
    from++;
  }
  return bytes.toString('utf8', from);
}
