/**
 * Whose rate-limit rules a request follows, decided per request from its URL's shape, so one
 * service's rules never pace another's:
 *
 * - **ARM** (Azure Resource Manager): the query names an `api-version` (ARM requires one on every
 *   request), or the path starts with `/subscriptions`, `/tenants` or `/providers`. ARM limits by
 *   token buckets per scope (subscription, tenant), principal and operation type (reads 250,
 *   refilled 25/s), reported in `x-ms-ratelimit-remaining-*`, refused with 429 and `Retry-After`.
 *   Seed 001's secondary budgets (900 points a minute, 80 content-creating requests a minute) are
 *   GitHub's and never apply: pacing 1,000 subscription reads by them cost a whole minute.
 * - **GitHub-style** (seed 001): everything else (`/rate_limit`, `/search/...`, `/graphql`,
 *   `/repos/...`). Its secondary points budget applies.
 *
 * Quota a service reports in headers is honoured on any request, whichever family (be liberal):
 * `x-ratelimit-*` on an ARM answer still holds the requests that draw on that bucket.
 */
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
