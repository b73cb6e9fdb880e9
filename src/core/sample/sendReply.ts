/** Writes a reply with the rate-limit and request-id headers ARM sends, applying body faults when injected. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as faultEffects from './faultEffects';
import type { Fault } from './faults';
import type { Admission, SampleRateLimiter } from './rateLimiter';
import type { Reply, SampleStats } from './types';

export interface SendContext {
  readonly limiter: SampleRateLimiter;
  readonly stats: SampleStats;
  readonly origin: () => string;
  readonly effects: typeof faultEffects | undefined;
  readonly sleep: (ms: number) => Promise<void>;
}

export function sendReply(ctx: SendContext, req: IncomingMessage, res: ServerResponse, reply: Reply, fault: Fault | undefined, url: URL, admission?: Admission): void {
  if (res.destroyed) {
    return;
  }
  const effects = ctx.effects;
  let body = reply.body;
  if (effects && fault && body !== undefined && reply.status === 200) {
    body = effects.faultyBody(fault, body, reply.shape, new URL(url.pathname + url.search, ctx.origin()).toString());
  }
  const headers: Record<string, string | number> = {
    ...ctx.limiter.headers(),
    'x-ms-request-id': randomUUID(),
    'x-ms-correlation-request-id': (req.headers['x-ms-correlation-request-id'] as string | undefined) ?? randomUUID(),
    ...(reply.headers ?? {}),
  };
  if (admission?.ok === false && admission.kind === 'primary') {
    headers['x-ratelimit-remaining'] = '0';
  }
  if (admission?.armRemaining) {
    const a = admission.armRemaining;
    headers[`x-ms-ratelimit-remaining-${a.scope}-${a.bucket}`] = String(a.remaining);
  }
  ctx.stats.byStatus.set(reply.status, (ctx.stats.byStatus.get(reply.status) ?? 0) + 1);
  if (body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  if (effects && fault && reply.status === 200 && effects.writeFaulty(fault, res, { status: reply.status, headers, text }, ctx.sleep)) {
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  headers['content-length'] = bytes.length;
  res.writeHead(reply.status, headers).end(bytes);
}
