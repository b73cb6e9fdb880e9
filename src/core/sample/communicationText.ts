/** Pieces of the sample communications' text: times the way Azure writes them, region lists, HTML paragraphs and links. */

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

// ISO date parts by day: 10,000 events format many times, mostly on few distinct days.
export const dateCache = new Map<number, string>();
export function dateText(ms: number): string {
  const day = Math.floor(ms / DAY);
  let text = dateCache.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY);
    text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    dateCache.set(day, text);
  }
  return text;
}
export const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
/** "14:05 UTC on 21 Nov 2026", the way Azure communications write times. */
export function when(ms: number): string {
  const minutes = Math.floor((ms % DAY) / MINUTE);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)} UTC on ${dateText(ms)}`;
}
export function regionList(regions: readonly string[]): string {
  return regions.length <= 1 ? (regions[0] ?? '') : `${regions.slice(0, -1).join(', ')} and ${regions[regions.length - 1]}`;
}
export const p = (label: string, text: string): string => `<p><strong>${label}:</strong> ${text}</p>`;
export const ul = (items: readonly string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
export const a = (href: string, text: string): string => `<a href="${href}">${text}</a>`;
export const STAY_INFORMED = `<p>Stay informed about Azure service issues by ${a('https://aka.ms/ash-alerts', 'creating custom Service Health alerts')}, or check ${a('https://azure.status.microsoft/status', 'Azure status')}.</p>`;

export function docsFor(service: string): string {
  return `https://learn.microsoft.com/azure/${service.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) {
    return `${Math.round(h / 24)} days`;
  }
  return h === 0 ? `${m} minutes` : m === 0 ? `${h} hour${h === 1 ? '' : 's'}` : `${h} h ${m} min`;
}
