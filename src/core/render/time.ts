/**
 * Time formatting shared by the host (view model, tree tooltips, chat, CLI text output) and the
 * webview (relative times on render). One format for people everywhere: `formatWhen`.
 * Machine output (`--json`, queries) stays ISO 8601.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * `1 May 2025, 14:03 UTC`: absolute and unambiguous whatever the user's zone and locale (a
 * month name, never 05/01 vs 01/05). Built by hand so the host and the webview agree.
 */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) {
    return 'unknown time';
  }
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** `3 hours ago (24 Nov 2026, 14:05 UTC)`: the one date format shown to people. */
export function formatWhen(ms: number, now: number): string {
  return `${formatRelative(ms, now)} (${formatUtc(ms)})`;
}

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

// Made on first use: building an Intl formatter loads locale data, which took tens of ms of
// activation when this ran at module load (bench/extension.mjs).
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** `3 hours ago`, `in 2 days`, `just now` (under a minute). */
export function formatRelative(ms: number, now: number): string {
  const delta = ms - now;
  const abs = Math.abs(delta);
  for (const [unit, size] of UNITS) {
    if (abs >= size) {
      relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return relativeFormat.format(Math.trunc(delta / size), unit);
    }
  }
  return 'just now';
}

/** `1 h 5 min`, `3 days 2 h`: a duration between two instants. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) {
    return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  }
  if (hours > 0) {
    return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  }
  return `${mins} min`;
}
