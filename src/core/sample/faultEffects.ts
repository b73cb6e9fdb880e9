/**
 * What each injected fault does to a request of the sample service. Kept apart from the server so
 * a bundle that never injects faults (the extension's production build) leaves all of it out: the
 * server only reaches this module through the `injection` it creates for tests and the CLI.
 */
import type { ServerResponse } from 'node:http';
import type { Fault } from './faults';
import type { Reply } from './types';

export interface EarlyContext {
  readonly pathname: string;
  readonly error: (status: number, code: string, message: string, details?: string) => Reply;
  readonly forbidden: (subscriptionId: string) => Reply;
  /** The request's Authorization header, for a fault that quotes it back. */
  readonly authorization?: string;
}

/** A reply that replaces the service's answer, 'reset' to drop the connection, or undefined to go on. */
export function earlyFault(fault: Fault, ctx: EarlyContext): Reply | 'reset' | undefined {
  switch (fault.kind) {
    case 'connectionReset':
      return 'reset';
    case 'status': {
      const reply = ctx.error(fault.status, fault.code ?? (fault.status >= 500 ? 'InternalServerError' : 'InjectedFault'), `The service returned ${fault.status}. Try again later.`);
      if (fault.retryAfterSeconds !== undefined) {
        reply.headers = { 'retry-after': String(fault.retryAfterSeconds) };
      }
      return reply;
    }
    case 'tokenExpired':
      return {
        ...ctx.error(401, 'ExpiredAuthenticationToken', 'The access token expired. Sign in again to get a new token.'),
        headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="The access token expiry UTC time is earlier than current UTC time."' },
      };
    case 'echoToken': {
      const token = (ctx.authorization ?? '').replace(/^Bearer\s+/i, '');
      return ctx.error(401, 'InvalidAuthenticationToken', `The access token '${token}' is not valid for this resource.`, `Received: Bearer ${token}`);
    }
    case 'forbidden':
      return ctx.forbidden(decodeURIComponent(/^\/subscriptions\/([^/]+)/i.exec(ctx.pathname)?.[1] ?? ''));
    default:
      return undefined;
  }
}

/** The body of a 200 reply after a fault that changes it (schema drift, nextLink loops). `self` is this page's URL. */
export function faultyBody(fault: Fault, body: unknown, shape: Reply['shape'], self: string): unknown {
  if (fault.kind === 'schemaDrift') {
    return drift(body, shape);
  }
  if ((fault.kind === 'nextLinkLoop' || fault.kind === 'foreignNextLink') && shape === 'page') {
    const page = { ...(body as Record<string, unknown>) };
    const target = typeof page['nextLink'] === 'string' ? (page['nextLink'] as string) : self;
    if (fault.kind === 'nextLinkLoop') {
      page['nextLink'] = self;
    } else {
      const u = new URL(target);
      page['nextLink'] = new URL(u.pathname + u.search, fault.origin ?? 'http://attacker.invalid').toString();
    }
    return page;
  }
  return body;
}

/**
 * Writes a 200 reply the way a fault breaks it (half a body, too short, late); false when the
 * fault does not change the writing. `headers` are final except content-length.
 */
export function writeFaulty(
  fault: Fault,
  res: ServerResponse,
  reply: { status: number; headers: Record<string, string | number>; text: string },
  sleep: (ms: number) => Promise<void>,
): boolean {
  const text = fault.kind === 'invalidJson' ? `${reply.text.slice(0, Math.floor(reply.text.length / 2))}<html><body>Upstream error</body></html>` : reply.text;
  const bytes = Buffer.from(text, 'utf8');
  const headers = reply.headers;
  if (fault.kind === 'truncatedBody') {
    headers['content-length'] = bytes.length + 512;
    res.writeHead(reply.status, headers);
    res.write(bytes, () => res.destroy());
    return true;
  }
  headers['content-length'] = bytes.length;
  if (fault.kind === 'slowBody') {
    res.writeHead(reply.status, headers);
    res.flushHeaders();
    void sleep(fault.stallMs).then(() => {
      if (!res.destroyed) {
        res.end(bytes);
      }
    });
    return true;
  }
  if (fault.kind === 'invalidJson') {
    res.writeHead(reply.status, headers).end(bytes);
    return true;
  }
  return false;
}

/** Deep-copies events and injects fields and enum values a future API version might send. */
function drift(body: unknown, shape: Reply['shape']): unknown {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  const driftEvent = (e: Record<string, unknown>): void => {
    e['systemData'] = { createdBy: 'future', createdAt: '2030-01-01T00:00:00Z' };
    const p = (e['properties'] ?? {}) as Record<string, unknown>;
    p['eventType'] = 'QuantumMaintenance';
    p['status'] = 'Investigating';
    p['eventLevel'] = 'Catastrophic';
    p['futureField'] = { nested: [1, 2, 3] };
    e['properties'] = p;
  };
  if (shape === 'page' && Array.isArray(copy['value'])) {
    (copy['value'] as Record<string, unknown>[]).forEach(driftEvent);
    copy['futurePageField'] = true;
  } else if (shape === 'event') {
    driftEvent(copy);
  } else {
    copy['futureField'] = true;
  }
  return copy;
}
