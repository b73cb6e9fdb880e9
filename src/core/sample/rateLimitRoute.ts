/** GET /rate_limit (seed 001): every bucket, with a weak ETag so `If-None-Match` gets a 304. */
import type { IncomingMessage } from 'node:http';
import type { RateLimitStatus } from '../model/schemas';
import type { SampleRateLimiter } from './rateLimiter';
import { shortHash } from './replies';
import type { Reply } from './types';

export function rateLimitStatus(limiter: SampleRateLimiter, startedAt: number, t: number): RateLimitStatus {
  const core = { ...limiter.primaryStatus() };
  // Unused categories: fixed windows anchored at start-up, so the body (and ETag) is stable.
  const idle = (limit: number, windowSeconds: number) => {
    const w = windowSeconds * 1000;
    const end = startedAt + (Math.floor((t - startedAt) / w) + 1) * w;
    return { limit, remaining: limit, used: 0, reset: Math.ceil(end / 1000) };
  };
  return {
    resources: {
      core,
      search: idle(30, 60),
      code_search: idle(10, 60),
      graphql: idle(5000, 3600),
      integration_manifest: idle(5000, 3600),
      code_scanning_upload: idle(1000, 3600),
    },
    rate: { ...core },
  };
}

export function rateLimitReply(req: IncomingMessage, body: RateLimitStatus): Reply {
  const etag = `W/"${shortHash(JSON.stringify(body))}"`;
  const inm = req.headers['if-none-match'];
  const matches = inm !== undefined && (inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')));
  return matches ? { status: 304, headers: { etag } } : { status: 200, body, headers: { etag, 'cache-control': 'private, max-age=60, s-maxage=60' } };
}
