/**
 * Time expressions of the query language. Everything is computed in UTC from the caller's
 * `now` (ARM times are UTC, and the same query must mean the same window on every machine):
 * "today" starts at 00:00 UTC, weeks start on Monday 00:00 UTC unless `weekStartsOn` is 0.
 */

export interface TimeContext {
  readonly now: number;
  readonly weekStartsOn: 0 | 1;
}

/** A window found in the text; `since` inclusive, `until` exclusive, both epoch ms. */
export interface TimeWindow {
  readonly since?: number;
  readonly until?: number;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

export function startOfWeek(ms: number, weekStartsOn: 0 | 1): number {
  const day = startOfDay(ms);
  const weekday = new Date(day).getUTCDay(); // 0 = Sunday
  return day - ((weekday - weekStartsOn + 7) % 7) * DAY;
}

export function startOfMonth(ms: number, monthOffset = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthOffset, 1);
}

const UNIT_MS: ReadonlyMap<string, number> = new Map([
  ['m', MINUTE], ['min', MINUTE], ['mins', MINUTE], ['minute', MINUTE], ['minutes', MINUTE],
  ['h', HOUR], ['hr', HOUR], ['hrs', HOUR], ['hour', HOUR], ['hours', HOUR],
  ['d', DAY], ['day', DAY], ['days', DAY],
  ['w', WEEK], ['wk', WEEK], ['wks', WEEK], ['week', WEEK], ['weeks', WEEK],
]);
const MONTH_UNITS = new Set(['mo', 'month', 'months']);

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['a', 1], ['an', 1], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7],
  ['eight', 8], ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['fourteen', 14], ['thirty', 30],
]);

const WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ['sunday', 0], ['sun', 0], ['monday', 1], ['mon', 1], ['tuesday', 2], ['tue', 2], ['tues', 2],
  ['wednesday', 3], ['wed', 3], ['thursday', 4], ['thu', 4], ['thur', 4], ['thurs', 4], ['friday', 5], ['fri', 5],
  ['saturday', 6], ['sat', 6],
]);

// Cap on relative amounts so arithmetic stays within the Date range.
const MAX_AMOUNT = 100_000;

function readAmount(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d{1,6}$/u.test(word)) {
    const n = Number(word);
    return n > 0 && n <= MAX_AMOUNT ? n : undefined;
  }
  return NUMBER_WORDS.get(word);
}

/** Subtracts (or with a negative amount adds) an amount of a unit; months are calendar months. */
function shift(now: number, amount: number, unit: string): number | undefined {
  const ms = UNIT_MS.get(unit);
  if (ms !== undefined) return now - amount * ms;
  if (MONTH_UNITS.has(unit)) {
    const d = new Date(now);
    const shifted = new Date(now);
    shifted.setUTCMonth(d.getUTCMonth() - amount);
    return shifted.getTime();
  }
  return undefined;
}

/** "7d", "24h", "30m", "2w", "3mo" → [amount, unit]. */
function readCompactDuration(word: string): [number, string] | undefined {
  const m = /^(\d{1,6})(m|min|mins|h|hr|hrs|d|w|wk|wks|mo)$/u.exec(word);
  const amount = readAmount(m?.[1]);
  return m?.[2] !== undefined && amount !== undefined ? [amount, m[2]] : undefined;
}

/** A point in time before `now` by a compact duration ("7d" → now − 7 days). */
export function parseDurationAgo(word: string, now: number): number | undefined {
  const d = readCompactDuration(word.toLowerCase());
  return d ? shift(now, d[0], d[1]) : undefined;
}

function validDate(year: number, month: number, day: number): number | undefined {
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? ms : undefined;
}

/**
 * Absolute dates: ISO `2026-11-01`, ISO date-times (`2026-11-01T10:00:00Z`; no zone = UTC, as
 * ARM times), and `11/20/2026` month/day/year (the form the service's queryStartTime accepts).
 */
export function parseAbsoluteDate(word: string): number | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/u.exec(word);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/u.exec(word);
  if (m) return validDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})[tT](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([zZ]|[+-]\d{2}:?\d{2})?$/u.exec(word);
  if (m) {
    if (validDate(Number(m[1]), Number(m[2]), Number(m[3])) === undefined) return undefined;
    const iso = word.toUpperCase();
    const ms = Date.parse(m[8] ? iso : `${iso}Z`);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** 00:00 UTC of the latest day with this weekday at or before today (today counts). */
function lastWeekday(weekday: number, now: number): number {
  const today = startOfDay(now);
  const diff = (new Date(today).getUTCDay() - weekday + 7) % 7;
  return today - diff * DAY;
}

/**
 * Reads a time expression starting at `words[i]` (lower-cased words). Returns the window and
 * how many words it used, or undefined when the words there are not a time.
 */
export function readTimePhrase(words: readonly string[], i: number, ctx: TimeContext): (TimeWindow & { consumed: number }) | undefined {
  const w0 = words[i];
  const w1 = words[i + 1];
  const w2 = words[i + 2];
  if (w0 === undefined) return undefined;
  const { now } = ctx;

  if (w0 === 'since' || w0 === 'after' || w0 === 'from') {
    const point = readPoint(words, i + 1, ctx);
    // A window ("since last week") keeps only its start: the window runs until now.
    return point ? { since: point.start, consumed: 1 + point.consumed } : undefined;
  }
  if (w0 === 'before' || w0 === 'until' || w0 === 'till') {
    const point = readPoint(words, i + 1, ctx);
    return point ? { until: point.start, consumed: 1 + point.consumed } : undefined;
  }
  if (w0 === 'last' || w0 === 'past' || w0 === 'previous' || w0 === 'next') {
    const future = w0 === 'next';
    // "last 3 days", "past 24 hours", "next 2 weeks", "last 7d"
    const amount = readAmount(w1);
    if (amount !== undefined && w1 !== 'a' && w1 !== 'an' && w2 !== undefined) {
      const when = shift(now, future ? -amount : amount, w2);
      if (when !== undefined) return future ? { until: when, consumed: 3 } : { since: when, consumed: 3 };
    }
    const compact = w1 === undefined ? undefined : readCompactDuration(w1);
    if (compact) {
      const when = shift(now, future ? -compact[0] : compact[0], compact[1]);
      if (when !== undefined) return future ? { until: when, consumed: 2 } : { since: when, consumed: 2 };
    }
    if (w1 === 'week' || w1 === 'month') {
      // Calendar windows: "last week" is the previous Monday–Sunday; "past week" the last 7 days.
      if (w0 === 'past') {
        return { since: shift(now, 1, w1 === 'week' ? 'week' : 'month'), consumed: 2 };
      }
      const offset = future ? 1 : -1;
      if (w1 === 'week') {
        const start = startOfWeek(now, ctx.weekStartsOn) + offset * WEEK;
        return { since: start, until: start + WEEK, consumed: 2 };
      }
      return { since: startOfMonth(now, offset), until: startOfMonth(now, offset + 1), consumed: 2 };
    }
    if (w1 === 'day' || w1 === 'hour' || w1 === 'minute') {
      const when = shift(now, future ? -1 : 1, w1);
      if (when !== undefined) return future ? { until: when, consumed: 2 } : { since: when, consumed: 2 };
    }
    if (w1 !== undefined && WEEKDAYS.has(w1) && !future) {
      const day = lastWeekday(WEEKDAYS.get(w1) ?? 0, now - DAY);
      return { since: day, until: day + DAY, consumed: 2 };
    }
    return undefined;
  }
  if (w0 === 'this' && (w1 === 'week' || w1 === 'month')) {
    return { since: w1 === 'week' ? startOfWeek(now, ctx.weekStartsOn) : startOfMonth(now), consumed: 2 };
  }
  // "3 days ago"
  const amount = readAmount(w0);
  if (amount !== undefined && w0 !== 'a' && w0 !== 'an' && w1 !== undefined && w2 === 'ago') {
    const when = shift(now, amount, w1);
    if (when !== undefined) return { since: when, consumed: 3 };
  }
  const point = readPoint(words, i, ctx);
  if (point && point.kind !== 'relative') {
    // A bare day ("today", "monday", "2026-11-01") is that whole day; "today" runs until now.
    return point.kind === 'today' ? { since: point.start, consumed: point.consumed } : { since: point.start, until: point.end, consumed: point.consumed };
  }
  if (point) return { since: point.start, consumed: point.consumed };
  return undefined;
}

interface Point {
  readonly start: number;
  readonly end?: number;
  readonly kind: 'day' | 'today' | 'relative' | 'window' | 'instant';
  readonly consumed: number;
}

/** A point after "since"/"before": a day, a date, a window start or a duration ago. */
function readPoint(words: readonly string[], i: number, ctx: TimeContext): Point | undefined {
  const w0 = words[i];
  const w1 = words[i + 1];
  const w2 = words[i + 2];
  if (w0 === undefined) return undefined;
  const { now } = ctx;
  const today = startOfDay(now);
  if (w0 === 'today') return { start: today, end: today + DAY, kind: 'today', consumed: 1 };
  if (w0 === 'yesterday') return { start: today - DAY, end: today, kind: 'day', consumed: 1 };
  if (w0 === 'tomorrow') return { start: today + DAY, end: today + 2 * DAY, kind: 'day', consumed: 1 };
  const weekday = WEEKDAYS.get(w0);
  if (weekday !== undefined) {
    const start = lastWeekday(weekday, now);
    return { start, end: start + DAY, kind: 'day', consumed: 1 };
  }
  if ((w0 === 'last' || w0 === 'this') && (w1 === 'week' || w1 === 'month')) {
    const offset = w0 === 'last' ? -1 : 0;
    const start = w1 === 'week' ? startOfWeek(now, ctx.weekStartsOn) + offset * WEEK : startOfMonth(now, offset);
    return { start, kind: 'window', consumed: 2 };
  }
  if (w0 === 'last' && w1 !== undefined && WEEKDAYS.has(w1)) {
    const start = lastWeekday(WEEKDAYS.get(w1) ?? 0, now - DAY);
    return { start, end: start + DAY, kind: 'day', consumed: 2 };
  }
  const date = parseAbsoluteDate(w0);
  if (date !== undefined) {
    const isDay = !/[tT]/u.test(w0);
    return isDay ? { start: date, end: date + DAY, kind: 'day', consumed: 1 } : { start: date, kind: 'instant', consumed: 1 };
  }
  const ago = parseDurationAgo(w0, now);
  if (ago !== undefined) return { start: ago, kind: 'relative', consumed: w1 === 'ago' ? 2 : 1 };
  const amount = readAmount(w0);
  if (amount !== undefined && w0 !== 'a' && w0 !== 'an' && w1 !== undefined && w2 === 'ago') {
    const when = shift(now, amount, w1);
    if (when !== undefined) return { start: when, kind: 'relative', consumed: 3 };
  }
  return undefined;
}

/**
 * The value of `since:` / `until:`: a compact duration (ago), a day word, a weekday, or a date.
 * Returns the start of the day or instant.
 */
export function parseTimeValue(value: string, ctx: TimeContext): number | undefined {
  const words = value.toLowerCase().trim().split(/\s+/u);
  const point = readPoint(words, 0, ctx);
  return point && point.consumed === words.length ? point.start : undefined;
}
