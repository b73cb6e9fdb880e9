/** Reading and checking CLI option values: endpoint, token, start time, integers. */
import { isLoopbackHost } from '../http/originPolicy';
import { DEFAULT_ENDPOINT, TOKEN_ENV } from './usage';

/** A mistake in the command line; exits with code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Checks the endpoint before the client does, to give a CLI-worded error. Returns the base URL
 * every operation is sent under: the origin plus any path prefix, without a trailing slash
 * (`https://host/api/v3`, as self-hosted installations have), so the path is never dropped.
 */
export function parseEndpoint(value: string | undefined): string {
  const text = value ?? DEFAULT_ENDPOINT;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--endpoint must be an absolute URL such as ${DEFAULT_ENDPOINT}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--endpoint must use https:// (got ${url.protocol}).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`--endpoint must use https://; plain http is allowed only for 127.0.0.1, ::1 or localhost, so the token is never sent unencrypted.`);
  }
  if (url.username || url.password) {
    throw new UsageError('--endpoint must not contain a user name or password; pass the token in the ' + TOKEN_ENV + ' environment variable.');
  }
  if (url.search || url.hash) {
    throw new UsageError('--endpoint must not contain a query (?) or fragment (#); pass the base URL only, such as https://host/api/v3.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface TokenChoice {
  readonly token?: string;
  readonly warning?: string;
}

/** --token wins when given (explicit), with a warning that it is visible in the process list. */
export function chooseToken(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): TokenChoice {
  const fromEnv = env[TOKEN_ENV]?.trim() || undefined;
  const fromFlag = flag?.trim() || undefined;
  if (fromFlag) {
    return {
      token: fromFlag,
      warning: `warning: --token is visible to other users in the process list; set ${TOKEN_ENV} instead.`,
    };
  }
  return { token: fromEnv };
}

const DURATION = /^(\d+(?:\.\d+)?)\s*(m|min|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * --since: a duration back from `now` (90m, 12h, 7d, 2w) or a time. ISO 8601 and month/day/year
 * (both accepted by the service) are read here and sent as ISO 8601; a time without a zone is UTC.
 */
export function parseSince(value: string, now: number): Date {
  const text = value.trim();
  const duration = DURATION.exec(text);
  if (duration) {
    const unit = UNIT_MS[(duration[2] ?? '').toLowerCase()] ?? 0;
    return new Date(now - Number(duration[1]) * unit);
  }
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (mdy) {
    const ms = Date.UTC(Number(mdy[3]), Number(mdy[1]) - 1, Number(mdy[2]));
    if (!Number.isNaN(ms)) {
      return new Date(ms);
    }
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const zoned = /[zZ]$|[+-]\d{2}:?\d{2}$/.test(text) || !text.includes('T') ? text : `${text}Z`;
    const ms = Date.parse(zoned);
    if (!Number.isNaN(ms)) {
      return new Date(ms);
    }
  }
  throw new UsageError(`--since must be an ISO 8601 time (2025-01-31T00:00:00Z), a date (01/31/2025) or a duration (90m, 12h, 7d, 2w), not "${text.slice(0, 40)}".`);
}

export function parseNonNegativeInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(value.trim())) {
    throw new UsageError(`--${name} must be a whole number, not "${value.slice(0, 20)}".`);
  }
  return Number(value.trim());
}
