/** Signed access tokens for the sample service standing in for Azure Resource Manager. Why: docs/architecture.md#sample-signedtokens */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sht1';

export interface TokenClaims {
  /** Account id (Entra ID's `oid`). */
  readonly oid: string;
  /** Account label, as the Accounts menu shows it (`upn`). */
  readonly upn: string;
  /** Expiry, epoch milliseconds. */
  readonly exp: number;
  /** Serial number of the token for its account (1 for the first, 2 after one renewal, …). */
  readonly n: number;
}

export type TokenCheck =
  | { readonly ok: true; readonly claims: TokenClaims }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' }
  | { readonly ok: false; readonly reason: 'expired'; readonly claims: TokenClaims };

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function mintToken(secret: string, claims: TokenClaims): string {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

function parseClaims(encoded: string): TokenClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (typeof value.oid === 'string' && typeof value.upn === 'string' && typeof value.exp === 'number' && typeof value.n === 'number') {
      return { oid: value.oid, upn: value.upn, exp: value.exp, n: value.n };
    }
  } catch {
    // fall through: not a token minted here
  }
  return undefined;
}

/** Checks an `Authorization` header value (`Bearer <token>`, scheme case-insensitive) at time `now`. */
export function verifyBearer(secret: string, header: string | undefined, now: number): TokenCheck {
  const match = /^bearer\s+(\S+)$/i.exec((header ?? '').trim());
  if (!match?.[1]) {
    return { ok: false, reason: 'missing' };
  }
  const parts = match[1].split('.');
  const [prefix, encoded, signature] = parts;
  if (parts.length !== 3 || prefix !== PREFIX || !encoded || !signature) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(sign(secret, `${prefix}.${encoded}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  const claims = parseClaims(encoded);
  if (!claims) {
    return { ok: false, reason: 'invalid' };
  }
  return claims.exp <= now ? { ok: false, reason: 'expired', claims } : { ok: true, claims };
}
