/** Whose rate-limit rules a request follows, decided per request from its URL's shape, so one service's rules never pace another's. Why: docs/architecture.md#http-servicerules */
export type RateLimitFamily = 'arm' | 'github';

const ARM_PATH = /^\/(?:subscriptions|tenants|providers)(?:\/|$)/i;

export function rateLimitFamilyOf(url: { readonly pathname: string; readonly searchParams: URLSearchParams }): RateLimitFamily {
  if (ARM_PATH.test(url.pathname)) {
    return 'arm';
  }
  for (const name of url.searchParams.keys()) {
    if (name.toLowerCase() === 'api-version') {
      return 'arm';
    }
  }
  return 'github';
}
