/** Small helpers every route of the sample service shares: error bodies, query parameters, api-version checks. */
import { createHash } from 'node:crypto';
import type { Reply } from './types';

export const EVENTS_API_VERSIONS: readonly string[] = ['2025-05-01', '2024-02-01', '2023-10-01-preview', '2022-10-01'];
export const SUBSCRIPTIONS_API_VERSIONS: readonly string[] = ['2022-12-01', '2021-01-01', '2020-01-01', '2016-06-01'];
/** The events list's window when the request gives no queryStartTime. */
export const DEFAULT_WINDOW_MS = 3 * 86_400_000;

/** The seed's bare `{ code, message, details }` error body. */
export const error = (status: number, code: string, message: string, details = ''): Reply => ({
  status,
  body: { code, message, details },
});

/** ARM query parameter names are case-insensitive. */
export function param(url: URL, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of url.searchParams) {
    if (k.toLowerCase() === lower) {
      return v;
    }
  }
  return undefined;
}

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** 400 when the api-version is missing or not one of `supported`; undefined when it is fine. */
export function checkApiVersion(url: URL, supported: readonly string[]): Reply | undefined {
  const version = param(url, 'api-version');
  if (version === undefined || version === '') {
    return error(400, 'MissingApiVersionParameter', "The api-version query parameter (?api-version=) is required for all requests.", `Supported versions: ${supported.join(', ')}.`);
  }
  if (!supported.includes(version)) {
    return error(
      400,
      'InvalidApiVersionParameter',
      `The api-version '${version}' is invalid. The supported versions are '${supported.join(',')}'.`,
      `Use api-version=${supported[0] ?? ''}.`,
    );
  }
  return undefined;
}

export const invalidQueryStartTime = (raw: string): Reply =>
  error(400, 'InvalidQueryStartTime', `The queryStartTime '${raw}' is not a valid date.`, 'Use ISO 8601 (2026-11-20T00:00:00Z) or month/day/year (11/20/2026).');

/** 403 for fetchEventDetails (and the `forbidden` fault). */
export const forbidden = (subscriptionId: string): Reply =>
  error(
    403,
    'AuthorizationFailed',
    `The client does not have authorization to perform action 'Microsoft.ResourceHealth/events/fetchEventDetails/action' over scope '/subscriptions/${subscriptionId}'. Ask an owner to grant you a role that includes it, such as Reader.`,
    'Required action: Microsoft.ResourceHealth/events/fetchEventDetails/action.',
  );
