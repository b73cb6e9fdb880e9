/** Which errors offer "Restart Sample Service" and which "Open Settings" (see src/core/api/errorAdvice.ts). */
import assert from 'node:assert/strict';
import { remedyFor, remedyOf } from '../../../src/core/api/errorAdvice';
import { ApiError, ResponseValidationError } from '../../../src/core/api/errors';
import { NetworkError, OriginPolicyError, TimeoutError } from '../../../src/core/http/errors';

const LIST = { operation: 'listEvents', subscriptionId: '11111111-2222-3333-4444-555555555555' } as const;

describe('Error remedies', () => {
  it('a refused loopback port (the sample service crashed) asks for a restart; a refused remote host for the endpoint setting', () => {
    assert.equal(remedyFor(new NetworkError('http://127.0.0.1:4000', 'ECONNREFUSED', undefined)), 'restartLocalService');
    assert.equal(remedyFor(new NetworkError('http://localhost:4000', 'ECONNREFUSED', undefined)), 'restartLocalService');
    assert.equal(remedyFor(new NetworkError('https://arm.contoso.example', 'ECONNREFUSED', undefined)), 'checkEndpoint');
  });

  it('an unknown host or a certificate for another name (a typo in the endpoint) points at the endpoint setting', () => {
    assert.equal(remedyFor(new NetworkError('https://managment.azure.com', 'ENOTFOUND', undefined)), 'checkEndpoint');
    assert.equal(remedyFor(new NetworkError('https://x.example', 'ERR_TLS_CERT_ALTNAME_INVALID', undefined)), 'checkEndpoint');
  });

  it('a 404 page that is no Azure error (another web site) points at the endpoint; ARM\'s own 404 (a missing subscription) does not', () => {
    assert.equal(remedyFor(ApiError.fromResponse({ status: 404, body: '<html>Not Found</html>' }, LIST)), 'checkEndpoint');
    const arm = ApiError.fromResponse({ status: 404, body: JSON.stringify({ error: { code: 'SubscriptionNotFound', message: 'No such subscription.' } }) }, LIST);
    assert.equal(remedyFor(arm), undefined);
    assert.match(arm.message, /pick another subscription/);
  });

  it('a 200 that is not JSON (a captive portal, a web site) and a redirect point at the endpoint; a schema mismatch does not', () => {
    assert.equal(remedyFor(ResponseValidationError.notJson('an event list', '<html>')), 'checkEndpoint');
    assert.equal(remedyFor(new ResponseValidationError('an event list', 'value.0', 'expected object')), undefined);
    assert.equal(remedyFor(ApiError.fromResponse({ status: 302, body: '' }, LIST)), 'checkEndpoint');
    assert.equal(remedyFor(new OriginPolicyError('https://evil.example', 'foreign-origin', 'https://management.azure.com')), 'checkEndpoint');
  });

  it('transient faults (a reset mid-answer, a timeout, a 500) have no remedy beyond their sentence', () => {
    assert.equal(remedyFor(new NetworkError('http://127.0.0.1:4000', 'ECONNRESET', undefined)), undefined);
    assert.equal(remedyFor(new NetworkError('http://127.0.0.1:4000', 'ECONNREFUSED', undefined, true)), undefined);
    assert.equal(remedyFor(new TimeoutError('https://management.azure.com', 30_000)), undefined);
    assert.equal(remedyFor(ApiError.fromResponse({ status: 500, body: '' }, LIST)), undefined);
    assert.equal(remedyFor(new Error('boom')), undefined);
  });

  it('among several subscriptions\' errors, a stopped local service wins', () => {
    const refused = new NetworkError('http://127.0.0.1:4000', 'ECONNREFUSED', undefined);
    const notJson = ResponseValidationError.notJson('an event list', '<html>');
    assert.equal(remedyOf([new Error('x'), notJson, refused]), 'restartLocalService');
    assert.equal(remedyOf([new Error('x'), notJson]), 'checkEndpoint');
    assert.equal(remedyOf([]), undefined);
  });
});
