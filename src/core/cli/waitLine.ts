import type { RateLimitWait } from '../http/client';

/** One stderr line when a command starts a rate-limit wait: "waiting 60 s: secondary rate limit, retry 1 of 5". */
export function waitLine(wait: RateLimitWait): string {
  const seconds = Math.max(1, Math.ceil(wait.ms / 1000));
  const what = wait.kind === 'primary' ? `${wait.resource && wait.resource !== 'unknown' ? `${wait.resource} ` : ''}rate limit used up` : 'secondary rate limit';
  return `waiting ${seconds} s: ${what}, retry ${wait.retry} of ${wait.maxRetries}\n`;
}
