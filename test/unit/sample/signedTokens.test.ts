import assert from 'node:assert/strict';
import { Agent, request } from 'undici';
import { mintToken, startSampleService, verifyBearer, type SampleService, type TokenClaims } from '../../../src/core/sample';

const SECRET = 'test-secret-for-unit-tests';
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ADA: TokenClaims = { oid: 'oid-ada', upn: 'ada@contoso.com', exp: NOW + 60_000, n: 1 };

describe('sample service signed tokens (the ARM stand-in for Azure mode under test)', () => {
  it('accepts a token minted with the shared secret until it expires', () => {
    const token = mintToken(SECRET, ADA);
    assert.deepEqual(verifyBearer(SECRET, `Bearer ${token}`, NOW), { ok: true, claims: ADA });
    assert.deepEqual(verifyBearer(SECRET, `bearer ${token}`, NOW), { ok: true, claims: ADA }, 'the scheme is case-insensitive');
    assert.deepEqual(verifyBearer(SECRET, `Bearer ${token}`, ADA.exp), { ok: false, reason: 'expired', claims: ADA });
  });

  it('rejects a missing header, another secret, and edited claims', () => {
    const token = mintToken(SECRET, ADA);
    assert.deepEqual(verifyBearer(SECRET, undefined, NOW), { ok: false, reason: 'missing' });
    assert.deepEqual(verifyBearer(SECRET, 'Basic abc', NOW), { ok: false, reason: 'missing' });
    assert.deepEqual(verifyBearer('another-secret', `Bearer ${token}`, NOW), { ok: false, reason: 'invalid' });
    const [prefix, , signature] = token.split('.');
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...ADA, exp: NOW + 3_600_000 })).toString('base64url')}.${signature}`;
    assert.deepEqual(verifyBearer(SECRET, `Bearer ${forged}`, NOW), { ok: false, reason: 'invalid' }, 'a longer expiry was accepted');
    assert.deepEqual(verifyBearer(SECRET, 'Bearer not.a.token', NOW), { ok: false, reason: 'invalid' });
  });

  describe('over HTTP', () => {
    let svc: SampleService;
    let clock = NOW;
    const agent = new Agent();
    before(async () => {
      svc = await startSampleService({ seed: 3, events: 20, now: () => clock, signedTokensSecret: SECRET });
    });
    after(async () => {
      await svc.close();
      await agent.close();
    });
    const get = async (path: string, token: string | undefined): Promise<{ status: number; code?: unknown; body: Record<string, unknown> }> => {
      const res = await request(`${svc.url}${path}`, { dispatcher: agent, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const body = JSON.parse(await res.body.text()) as Record<string, unknown>;
      return { status: res.statusCode, code: body['code'], body };
    };

    it('lists subscriptions with display names for a valid token, and records who called', async () => {
      const res = await get('/subscriptions?api-version=2022-12-01', mintToken(SECRET, ADA));
      assert.equal(res.status, 200);
      const names = (res.body['value'] as { displayName: string; subscriptionId: string }[]).map((s) => s.displayName);
      assert.deepEqual(names, ['Contoso Production', 'Contoso Dev/Test', 'Fabrikam Analytics']);
      const last = svc.authRecords.at(-1);
      assert.deepEqual({ ...last, at: 0 }, { method: 'GET', path: '/subscriptions', outcome: 'ok', account: 'ada@contoso.com', serial: 1, expires: ADA.exp, at: 0 });
    });

    it('answers 401 ExpiredAuthenticationToken once the token expired, and InvalidAuthenticationToken for the static token', async () => {
      const token = mintToken(SECRET, ADA);
      clock = ADA.exp + 1;
      const expired = await get('/subscriptions?api-version=2022-12-01', token);
      assert.equal(expired.status, 401);
      assert.equal(expired.code, 'ExpiredAuthenticationToken');
      assert.equal(svc.authRecords.at(-1)?.outcome, 'expired');
      const renewed = await get('/subscriptions?api-version=2022-12-01', mintToken(SECRET, { ...ADA, exp: clock + 60_000, n: 2 }));
      assert.equal(renewed.status, 200);
      const wrongKind = await get('/subscriptions?api-version=2022-12-01', svc.token);
      assert.equal(wrongKind.code, 'InvalidAuthenticationToken', 'the static token still works next to signed tokens');
      assert.ok(!JSON.stringify(svc.authRecords).includes(token), 'a token was recorded');
    });
  });
});
