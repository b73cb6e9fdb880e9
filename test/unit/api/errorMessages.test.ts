/**
 * What the user reads when the service says no: once, in the service's words, with what to do
 * next, the same for the CLI and the extension (both print ApiError.message).
 */
import assert from 'node:assert/strict';
import { ApiError, ResponseValidationError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { startScriptedServer, type ScriptedReply, type ScriptedServer } from './scriptedServer';

const SUB = '11111111-2222-3333-4444-555555555555';
const LIST = { operation: 'listEvents', subscriptionId: SUB } as const;

describe('API error messages', () => {
  it('a bare 500 (empty body, as a crashed gateway sends) names the status once, not "HTTP 500 (HTTP 500)"', () => {
    const error = ApiError.fromResponse({ status: 500, body: '' }, LIST);
    assert.equal(error.message, 'The service failed with HTTP 500; try again later.');
    const bad = ApiError.fromResponse({ status: 418, body: '' }, LIST);
    assert.equal(bad.message, 'The service answered with HTTP 418; try again later or report it.');
  });

  it('a 502 proxy page shows the words of the page, not the status twice', () => {
    const error = ApiError.fromResponse({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>' }, LIST);
    assert.equal(error.message, 'The service failed with HTTP 502 (502 Bad Gateway nginx); try again later.');
  });

  it('a redirect (a login page or a moved service) says it was a redirect not followed, and where to without the query', () => {
    const error = ApiError.fromResponse(
      { status: 302, body: '', headers: { location: 'https://login.example.com/authorize?access_token=eyJsecret.part.sig&sig=abc' } },
      LIST,
    );
    assert.equal(
      error.message,
      'The service answered with a redirect (HTTP 302) to https://login.example.com/authorize, which was not followed so that your ' +
        'credentials stay with the configured service; check the endpoint and try again.',
    );
    assert.ok(!error.message.includes('secret') && !error.message.includes('sig='));
    const bare = ApiError.fromResponse({ status: 307, body: '' }, LIST);
    assert.match(bare.message, /^The service answered with a redirect \(HTTP 307\), which was not followed/);
  });

  it("a 400 shows the ErrorResponse details text, which often says what exactly is wrong", () => {
    const body = JSON.stringify({ code: 'BadRequest', message: 'The request is invalid.', details: "Parameter 'api-version' value '1999-01-01' is not supported." });
    const error = ApiError.fromResponse({ status: 400, body }, LIST);
    assert.equal(
      error.message,
      "The service rejected the request (BadRequest: The request is invalid. — Parameter 'api-version' value '1999-01-01' is not supported.); check the options and try again.",
    );
  });

  it('blames the filter only when one was sent', () => {
    const body = JSON.stringify({ code: 'InvalidFilter', message: 'The $filter expression is not valid.', details: '' });
    const sent = ApiError.fromResponse({ status: 400, body }, { ...LIST, filterSent: true });
    assert.match(sent.message, /^The service rejected the filter \(InvalidFilter: The \$filter expression is not valid\.\); fix the filter and try again\.$/);
    const notSent = ApiError.fromResponse({ status: 400, body }, LIST);
    assert.doesNotMatch(notSent.message, /rejected the filter|fix the filter/);
    const details = ApiError.fromResponse({ status: 400, body }, { operation: 'fetchEventDetails', subscriptionId: SUB, trackingId: 'X' });
    assert.doesNotMatch(details.message, /fix the filter/);
  });

  it('an unreadable body does not talk about "the extension" (the CLI prints it too)', () => {
    assert.doesNotMatch(ResponseValidationError.notJson('an event list', '<html>').message, /extension/);
  });

  describe('through the API (the filter flag comes from the request)', () => {
    let server: ScriptedServer | undefined;
    let client: ThrottledClient | undefined;
    afterEach(async () => {
      await client?.close();
      await server?.close();
    });

    it('a service that answers every list with InvalidFilter blames the filter only for the request that had one', async () => {
      const reply: ScriptedReply = { status: 400, body: { code: 'InvalidFilter', message: 'The filter is invalid.', details: 'Unknown property.' } };
      server = await startScriptedServer(() => reply);
      client = new ThrottledClient({ origin: server.origin, maxTransientRetries: 0 });
      const api = new HealthEventsApi({ client });
      await assert.rejects(api.listAllEvents(SUB), (e: unknown) => e instanceof ApiError && !/filter \(/.test(e.message.split(';')[0] ?? '') && /rejected the request/.test(e.message));
      await assert.rejects(api.listAllEvents(SUB, { filter: "region eq 'x'" }), (e: unknown) => e instanceof ApiError && /^The service rejected the filter/.test(e.message));
    });
  });
});
