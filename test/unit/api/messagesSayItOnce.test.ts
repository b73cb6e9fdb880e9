/**
 * Every user-facing error sentence says each thing once: no "try again later" twice when the
 * service's own words already say it, no clause repeated between the service's reason and our
 * advice. Runs every message builder over statuses, operations and service bodies that echo our
 * advice (real ARM and gateways do: "Please try again later.").
 */
import assert from 'node:assert/strict';
import { withAdvice, type ApiOperation } from '../../../src/core/api/errorMessages';
import { ApiError, PagingError, ResponseValidationError, type PagingProblem } from '../../../src/core/api/errors';
import { NetworkError, OriginPolicyError, RateLimitError, ResponseTooLargeError, TimeoutError } from '../../../src/core/http/errors';
import { checkEndpoint } from '../../../src/ui/config/clouds';
import { connectionProblemMessage, type ConnectionProblemKind } from '../../../src/core/api/connectionProblems';

const SUB = '11111111-2222-3333-4444-555555555555';
const OPERATIONS: readonly ApiOperation[] = [
  'listEvents',
  'fetchEventDetails',
  'listSubscriptions',
  'rateLimit',
  'listImpactedResources',
  'listSecurityAdvisoryImpactedResources',
  'fetchBillingCommunicationDetails',
  'emergingIssues',
];
const STATUSES = [302, 400, 401, 403, 404, 409, 418, 500, 502, 503];
/** Bodies as services send them, several repeating our own advice. */
const BODIES = [
  '',
  '<html><body><h1>503 Service Unavailable</h1>Please try again later.</body></html>',
  JSON.stringify({ error: { code: 'ServerBusy', message: 'The server is busy. Please try again later.' } }),
  JSON.stringify({ error: { code: 'InternalServerError', message: 'Something failed; retry the request, or report it.' } }),
  JSON.stringify({ code: 'BadRequest', message: 'The request is invalid.', details: 'The request is invalid.' }),
  JSON.stringify({ code: 'InvalidFilter', message: 'The $filter expression is not valid; fix the filter and try again.' }),
  JSON.stringify({ error: { code: 'SubscriptionNotFound', message: "The subscription '" + SUB + "' could not be found. Check the subscription and try again." } }),
  JSON.stringify({ code: 'EventNotFound', message: "The event 'ABC-123' was not found in subscription '" + SUB + "'.", details: 'Refresh the event list; the event may have expired.' }),
  JSON.stringify({ error: { code: 'AuthenticationFailed', message: 'The access token expired; sign in again and retry.' } }),
];

/** Words a phrase is made of, lower-case, punctuation dropped. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$']+/g) ?? [];
}

/**
 * The repeats in a message: any run of four words seen twice ("try again later" plus a word
 * either side, a clause copied from message to details), and any advice phrase said twice.
 */
export function repeats(message: string): string[] {
  const found = new Set<string>();
  const w = words(message);
  const seen = new Set<string>();
  for (let i = 0; i + 4 <= w.length; i++) {
    const gram = w.slice(i, i + 4).join(' ');
    if (seen.has(gram)) {
      found.add(gram);
    }
    seen.add(gram);
  }
  const flat = w.join(' ');
  for (const advice of ['try again later', 'try again', 'retry', 'report it', 'sign in again', 'check the endpoint', 'pick another subscription', 'refresh']) {
    const count = flat.split(new RegExp(`\\b${advice}\\b`)).length - 1;
    if (count > 1) {
      found.add(advice);
    }
  }
  return [...found];
}

function allMessages(): string[] {
  const out: string[] = [];
  for (const status of STATUSES) {
    for (const operation of OPERATIONS) {
      for (const body of BODIES) {
        for (const tenantScope of [false, true]) {
          out.push(
            ApiError.fromResponse(
              { status, body, headers: { location: 'https://elsewhere.example/login' } },
              { operation, subscriptionId: SUB, trackingId: 'ABC-123', tenantScope, filterSent: true },
            ).message,
          );
        }
      }
    }
  }
  out.push(ResponseValidationError.notJson('an event list', '<html>Try again later</html>').message);
  out.push(ResponseValidationError.notJson('an event list', '').message);
  out.push(new ResponseValidationError('event details', 'value.3.properties.priority', 'expected string').message);
  for (const problem of ['loop', 'pageCap', 'crossOrigin', 'invalidLink'] as PagingProblem[]) {
    out.push(new PagingError(problem, 7, 'https://evil.example').message);
  }
  out.push(new RateLimitError({ retries: 3 }).message, new RateLimitError({ retries: 3, resetAt: Date.UTC(2026, 0, 1), resource: 'core' }).message);
  out.push(new OriginPolicyError('http://x.example', 'insecure', 'https://management.azure.com').message);
  out.push(new OriginPolicyError('https://x.example', 'foreign-origin', 'https://management.azure.com').message);
  const causes: Array<[string | undefined, unknown]> = [
    ['SELF_SIGNED_CERT_IN_CHAIN', undefined],
    ['CERT_HAS_EXPIRED', undefined],
    ['ERR_TLS_CERT_ALTNAME_INVALID', undefined],
    ['UND_ERR_PRX_TLS', undefined],
    [undefined, new Error('Proxy response (407) !== 200 when HTTP Tunneling')],
    [undefined, new Error('Proxy response (403) !== 200 when HTTP Tunneling')],
    [undefined, new Error('Proxy did not answer CONNECT')],
    ['ENOTFOUND', undefined],
    ['ECONNREFUSED', undefined],
    ['ECONNRESET', undefined],
  ];
  for (const origin of ['https://management.azure.com', 'http://127.0.0.1:4000']) {
    for (const [code, cause] of causes) {
      out.push(new NetworkError(origin, code, cause).message, new NetworkError(origin, code, cause, true).message);
    }
    out.push(new ResponseTooLargeError(origin, 32 * 1024 * 1024).message, new TimeoutError(origin, 30_000).message);
  }
  for (const raw of ['not a url', 'ftp://x.example', 'https://u:p@x.example', 'https://x.example/path']) {
    const check = checkEndpoint(raw);
    if (!check.ok) {
      out.push(check.message);
    }
  }
  const kinds: ConnectionProblemKind[] = ['sampleStopped', 'sampleRestartFailed', 'endpointUnreachable'];
  for (const kind of kinds) {
    out.push(connectionProblemMessage(kind, 'https://wrong.example', new NetworkError('https://wrong.example', 'ENOTFOUND', undefined).message));
    out.push(connectionProblemMessage(kind, 'https://wrong.example', 'listen EADDRINUSE 127.0.0.1'));
  }
  return out;
}

describe('Error messages say each thing once', () => {
  it('the repeat finder finds what it is for (it can fail)', () => {
    assert.deepEqual(repeats('The service failed with HTTP 503 (Please try again later.); try again later.'), ['try again later', 'try again']);
    assert.deepEqual(repeats('The request is invalid (The request is invalid.); check it.'), ['the request is invalid']);
    assert.deepEqual(repeats('The service failed with HTTP 500; try again later.'), []);
  });

  it('advice the service already gave is left out of ours, and the rest of ours is kept', () => {
    assert.equal(withAdvice('The service failed', ' (Busy: please try again later)', 'try again later'), 'The service failed (Busy: please try again later).');
    assert.equal(withAdvice('Not found', ' (Check it and try again.)', 'refresh the event list and try again'), 'Not found (Check it and try again.); refresh the event list.');
    assert.equal(withAdvice('Odd', ' (please retry)', 'try again later or report it'), 'Odd (please retry); report it.');
    assert.equal(withAdvice('Odd', ' (try again later)', 'try again later or report it'), 'Odd (try again later); report it.');
    assert.equal(withAdvice('Odd', '', 'try again later'), 'Odd; try again later.');
  });

  it('no message of any builder repeats a phrase, over every status, operation and echoing body', () => {
    const messages = allMessages();
    assert.ok(messages.length > 1000, `only ${messages.length} messages were built`);
    const bad = messages.map((m) => ({ m, r: repeats(m) })).filter((x) => x.r.length > 0);
    assert.deepEqual(bad.slice(0, 40).map((x) => `${x.r.join("/")}: ${x.m}`), [], `${bad.length} messages repeat themselves`);
  });

  it('every message is one sentence that ends with a full stop', () => {
    for (const m of allMessages()) {
      assert.match(m, /\.$/, m);
      assert.doesNotMatch(m, /\.\s*;|;\s*\.|\.\.$/, m);
    }
  });
});
