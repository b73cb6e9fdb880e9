/** How the extension keeps the MCP server it starts on a current token. Why: docs/architecture.md#mcp-tokenfile */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import type { TokenProvider } from '../http/types';

/** The token file's path (set by the extension, never the token itself). */
export const TOKEN_FILE_ENV = 'HEALTH_EVENTS_TOKEN_FILE';
/** Rewritten this long before the token's expiry. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** A token whose expiry cannot be read (not a JWT) is fetched again this often. */
export const OPAQUE_REFRESH_MS = 10 * 60_000;
/** Never sooner than this: a token VS Code hands out already close to expiry does not spin. */
export const MIN_REFRESH_MS = 30_000;

export interface TokenFileContent {
  readonly origin: string;
  readonly token: string;
}

/** The `exp` claim of a JWT in epoch ms; undefined for an opaque token. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** How long until the file must be rewritten: REFRESH_MARGIN_MS before expiry, within the bounds above. */
export function refreshDelay(token: string | undefined, now: number): number {
  const expiry = token ? jwtExpiry(token) : undefined;
  if (expiry === undefined) return token ? OPAQUE_REFRESH_MS : MIN_REFRESH_MS;
  return Math.max(MIN_REFRESH_MS, expiry - REFRESH_MARGIN_MS - now);
}

/** The token in the file when it was written for `origin`; undefined otherwise (missing, signed out, another endpoint). */
export function parseTokenFile(text: string, origin: string): string | undefined {
  try {
    const content = JSON.parse(text) as Partial<TokenFileContent>;
    return typeof content.token === 'string' && content.token !== '' && content.origin === origin ? content.token : undefined;
  } catch {
    return undefined;
  }
}

/** The MCP server's token: the file read at every request, so a rewrite takes effect at once. */
export function tokenFileProvider(path: string, origin: string, seen: (token: string) => void, read = (p: string) => readFile(p, 'utf8')): TokenProvider {
  return {
    getToken: async () => {
      const token = parseTokenFile(await read(path).catch(() => ''), origin);
      if (token) seen(token);
      return token;
    },
  };
}

/** Numbers this process's writes: two writes in flight (a timer refresh and a connection change) never share a temp file. */
let writes = 0;

/** Writes the file owner-only, whole (a reader never sees half a token); each write has its own temp file. */
export async function writeTokenFile(path: string, content: TokenFileContent | undefined): Promise<void> {
  const temp = `${path}.${process.pid}.${++writes}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(content ?? { origin: '', token: '' }), { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

export interface TokenFileTimer {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TokenFileRefresherOptions {
  /** The current connection's origin and a fresh token (undefined when signed out). */
  readonly current: () => Promise<TokenFileContent | undefined>;
  readonly write: (content: TokenFileContent | undefined) => Promise<void>;
  readonly timer: TokenFileTimer;
  readonly onError?: (error: unknown) => void;
}

/** Rewrites the token file now, then again before each token expires, until stopped. */
export class TokenFileRefresher {
  private handle: unknown;
  private stopped = false;

  constructor(private readonly options: TokenFileRefresherOptions) {}

  /** Writes at once (a start or a connection change), then keeps the file fresh. */
  async refresh(): Promise<void> {
    this.options.timer.clearTimeout(this.handle);
    this.handle = undefined;
    let content: TokenFileContent | undefined;
    try {
      content = await this.options.current();
      await this.options.write(content);
    } catch (error) {
      this.options.onError?.(error);
    }
    if (this.stopped) return;
    this.handle = this.options.timer.setTimeout(() => void this.refresh(), refreshDelay(content?.token, this.options.timer.now()));
  }

  stop(): void {
    this.stopped = true;
    this.options.timer.clearTimeout(this.handle);
  }
}
