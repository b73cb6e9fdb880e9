/**
 * Reads the `queryStartTime` parameter the way the service accepts it (seed 000): ISO 8601, or
 * month/day/year (`11/20/2026`, optionally with a time), also still URL-encoded
 * (`11%2F20%2F2026`, as clients that encode twice send it). Times without a zone are UTC.
 */
import { parseServiceTime } from '../model/schemas';

const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;

/** Epoch ms, or undefined when the value cannot be read. */
export function parseQueryStartTime(raw: string): number | undefined {
  let value = raw.trim();
  if (/%[0-9A-Fa-f]{2}/.test(value)) {
    try {
      value = decodeURIComponent(value).trim();
    } catch {
      return undefined;
    }
  }
  const m = MDY.exec(value);
  if (m) {
    const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    let hour = m[4] !== undefined ? Number(m[4]) : 0;
    const minute = m[5] !== undefined ? Number(m[5]) : 0;
    const second = m[6] !== undefined ? Number(m[6]) : 0;
    const meridiem = m[7]?.toUpperCase();
    if (meridiem) {
      if (hour < 1 || hour > 12) {
        return undefined;
      }
      hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
    }
    const ms = Date.UTC(year, month - 1, day, hour, minute, second);
    const d = new Date(ms);
    // Date.UTC rolls 2/30 over to 3/2; reject such dates instead.
    if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
      return undefined;
    }
    return ms;
  }
  if (/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value)) {
    return parseServiceTime(value.length === 10 ? `${value}T00:00:00Z` : value);
  }
  return undefined;
}
