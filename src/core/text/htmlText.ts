// Service HTML and text made safe and plain for a terminal, a chat answer or Markdown: used by the CLI, chat, export and agent rooms.
import { stripTags } from './scan';

/**
 * Service text on a terminal: control characters (ANSI escapes included) become spaces so the
 * service cannot move the cursor or recolour the terminal. Newlines are kept when `multiline`.
 */
export function terminalText(value: unknown, multiline = false): string {
  if (value === undefined || value === null) {
    return '';
  }
  const text = String(value);
  // eslint-disable-next-line no-control-regex
  const cleaned = multiline ? text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ') : text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return multiline ? cleaned : cleaned.replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** What a tag becomes in plain text: line breaks for `<br>` and block ends, a dash for `<li>`. */
function tagText(inner: string): string {
  if (/^br\s*\/?$/i.test(inner) || /^\/(p|div|li|h[1-6]|tr)$/i.test(inner)) {
    return '\n';
  }
  return /^li/i.test(inner) ? '- ' : '';
}

/**
 * Removes `<script …>…</script>` and `<style …>…</style>` with their content, scanning forward
 * only: once a closing tag is missing, it is missing for every later opening tag too.
 */
function dropScriptsAndStyles(html: string): string {
  const opening = /<(script|style)/gi;
  const unclosed = new Set<string>();
  const out: string[] = [];
  let from = 0;
  let openEnd = -1; // the next `>`; reused while it is still ahead, so no stretch is scanned twice
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    const name = (m[1] ?? '').toLowerCase();
    if (openEnd < opening.lastIndex) {
      openEnd = html.indexOf('>', opening.lastIndex);
    }
    if (openEnd < 0) {
      break;
    }
    if (unclosed.has(name)) {
      continue;
    }
    const closing = new RegExp(`</${name}>`, 'gi');
    closing.lastIndex = openEnd + 1;
    const close = closing.exec(html);
    if (!close) {
      unclosed.add(name);
      continue;
    }
    out.push(html.slice(from, m.index));
    from = closing.lastIndex;
    opening.lastIndex = from;
  }
  out.push(html.slice(from));
  return out.join('');
}

/** Event descriptions are HTML; a terminal gets plain text with paragraph breaks. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) {
    return '';
  }
  // One pass each over the text (no backtracking regex over tags): unclosed `<` or `<script`
  // repeated through a 1 MB description stays linear.
  const text = stripTags(dropScriptsAndStyles(html), tagText)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return terminalText(text, true)
    .split('\n')
    // Single spaces are left alone (no work per word); longer runs and tabs become one space.
    .map((line) => line.replace(/[ \t]{2,}|\t/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
