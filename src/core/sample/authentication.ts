/** The sample service's bearer-token check, as one operation. Why: docs/architecture.md#sample-authentication */
import { timingSafeEqual } from 'node:crypto';
import { verifyBearer } from './signedTokens';

export interface AuthRecord {
  readonly method: string;
  readonly path: string;
  readonly outcome: 'ok' | 'expired' | 'invalid' | 'missing';
  /** Account label (`upn`) of a signed token. */
  readonly account?: string;
  /** Serial number of a signed token for its account. */
  readonly serial?: number;
  /** Expiry of a signed token, epoch ms. */
  readonly expires?: number;
  /** Epoch ms of the check. */
  readonly at: number;
}

export interface AuthRejection {
  readonly status: 401;
  readonly code: string;
  readonly message: string;
  readonly details: string;
  readonly wwwAuthenticate: string;
}

export interface Authenticator {
  /** Undefined when the request may go on; the 401 to send otherwise. */
  check(method: string, path: string, authorization: string | undefined): AuthRejection | undefined;
  readonly records: AuthRecord[];
}

export interface AuthenticatorOptions {
  /** The static token. */
  readonly token: string;
  /** Accept tokens signed with this secret (see signedTokens.ts) instead of the static token. */
  readonly signedTokensSecret?: string;
  readonly now: () => number;
}

const INVALID: AuthRejection = {
  status: 401,
  code: 'InvalidAuthenticationToken',
  message: 'The access token is missing or invalid. Sign in again to get a new token.',
  details: 'Send Authorization: Bearer <token>.',
  wwwAuthenticate: 'Bearer authorization_uri="https://login.microsoftonline.com/common", error="invalid_token"',
};

const EXPIRED: AuthRejection = {
  status: 401,
  code: 'ExpiredAuthenticationToken',
  message: 'The access token expired. Sign in again to get a new token.',
  details: '',
  wwwAuthenticate: 'Bearer error="invalid_token", error_description="The access token expiry UTC time is earlier than current UTC time."',
};

export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const records: AuthRecord[] = [];
  const expectedStatic = Buffer.from(`Bearer ${options.token}`);
  const staticOk = (header: string): boolean => {
    // Scheme is case-insensitive (RFC 7235); compare in constant time.
    const normalized = Buffer.from(header.replace(/^bearer /i, 'Bearer '));
    return normalized.length === expectedStatic.length && timingSafeEqual(normalized, expectedStatic);
  };
  const secret = options.signedTokensSecret;
  return {
    records,
    check(method, path, authorization) {
      if (secret === undefined) {
        return staticOk(authorization ?? '') ? undefined : INVALID;
      }
      const at = options.now();
      const result = verifyBearer(secret, authorization, at);
      const claims = 'claims' in result ? result.claims : undefined;
      records.push({
        method,
        path,
        outcome: result.ok ? 'ok' : result.reason,
        ...(claims ? { account: claims.upn, serial: claims.n, expires: claims.exp } : {}),
        at,
      });
      if (result.ok) {
        return undefined;
      }
      return result.reason === 'expired' ? EXPIRED : INVALID;
    },
  };
}
