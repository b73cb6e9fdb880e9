/**
 * The cache files' bytes: gzip (node:zlib, on libuv's thread pool, so the extension host's thread
 * only hands the text over). A file that does not start with gzip's magic bytes is read as the
 * plain JSON text earlier versions wrote, so an update keeps the cache. Why: docs/architecture.md#cache-cachecodec
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Cache files are a few MB to a few hundred MB of JSON: level 6 (zlib's default) costs far less time than 9 and saves almost as much. */
const LEVEL = 6;
/** A decompressed cache file larger than this is refused (a corrupt or hostile file cannot exhaust memory). */
export const MAX_CACHE_TEXT_BYTES = 512 * 1024 * 1024;

export function isCompressed(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function encodeCacheText(text: string): Promise<Buffer> {
  return gzipAsync(Buffer.from(text, 'utf8'), { level: LEVEL });
}

/** The text of a cache file: gunzipped, or as it is when written before compression. Throws on a corrupt or oversized file. */
export async function decodeCacheBytes(bytes: Uint8Array, maxBytes = MAX_CACHE_TEXT_BYTES): Promise<string> {
  if (!isCompressed(bytes)) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
  const text = await gunzipAsync(bytes, { maxOutputLength: maxBytes });
  return text.toString('utf8');
}
