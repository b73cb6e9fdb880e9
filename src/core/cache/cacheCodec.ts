/**
 * The cache files' bytes: gzip (node:zlib, on libuv's thread pool, so the extension host's thread
 * only hands the text over). A file that does not start with gzip's magic bytes is read as the
 * plain JSON text earlier versions wrote, so an update keeps the cache. Why: docs/architecture.md#cache-cachecodec
 */
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Cache files are a few MB to a few hundred MB of JSON: level 6 (zlib's default) costs far less time than 9 and saves almost as much. */
const LEVEL = 6;
/** A decompressed cache file larger than this is refused (a corrupt or hostile file cannot exhaust memory). */
export const MAX_CACHE_TEXT_BYTES = 512 * 1024 * 1024;

/** Output chunk bounds: one chunk per file (zlib's 16 KiB default cost a loop turn each); the ceiling caps a lying trailer. Why: docs/architecture.md#cache-cachecodec */
export const MIN_CHUNK_BYTES = 64 * 1024;
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;

/** Files inflating to at most this (the first screen) are inflated inline, about 3 ms, not queued on the pool. Why: docs/architecture.md#cache-cachecodec */
export const INLINE_INFLATE_MAX_BYTES = 1024 * 1024;

export function isCompressed(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function encodeCacheText(text: string): Promise<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  // JSON of events and statuses compresses to well under a quarter.
  return gzipAsync(bytes, { level: LEVEL, chunkSize: chunkFor(bytes.length / 4) });
}

/** The output chunk for a file of about `bytes` (see MIN_CHUNK_BYTES). */
export function chunkFor(bytes: number): number {
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(bytes)));
}

/** The decompressed size gzip's trailer states (ISIZE: modulo 4 GiB, and a torn or hostile file may lie). */
export function statedSize(bytes: Uint8Array): number {
  // 18 bytes: gzip's 10-byte header and 8-byte trailer, the least a gzip file holds.
  return bytes.length < 18 ? 0 : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32LE(bytes.length - 4);
}

/** The text of a cache file: gunzipped, or as it is when written before compression. Throws on a corrupt or oversized file. */
export async function decodeCacheBytes(bytes: Uint8Array, maxBytes = MAX_CACHE_TEXT_BYTES): Promise<string> {
  if (!isCompressed(bytes)) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
  const stated = statedSize(bytes);
  if (stated <= INLINE_INFLATE_MAX_BYTES) {
    try {
      return gunzipSync(bytes, { maxOutputLength: Math.min(maxBytes, INLINE_INFLATE_MAX_BYTES), chunkSize: chunkFor(stated) }).toString('utf8');
    } catch {
      // Larger than its trailer says, or damaged: the pool's read below decides (and reports) which.
    }
  }
  const text = await gunzipAsync(bytes, { maxOutputLength: maxBytes, chunkSize: chunkFor(Math.min(stated, maxBytes)) });
  return text.toString('utf8');
}
