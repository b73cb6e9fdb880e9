/** What the CLI's output stream can show: its width and whether colour is wanted, and text measured in its columns. */
import stringWidth from 'string-width';

/** The parts of a stream the CLI reads; `process.stdout` has both on a terminal. */
export interface TerminalLike {
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface Terminal {
  /** Columns a table may use: the terminal's, else 80 (a pipe or a file has no width). */
  readonly width: number;
  readonly color: boolean;
}

/** Width used when the output is not a terminal, as `gh` and `ls` do. */
export const DEFAULT_WIDTH = 80;

/**
 * Colour only on a terminal and never when `NO_COLOR` is set to a non-empty value
 * (https://no-color.org): pipes, files and CI logs get plain text.
 */
export function terminalOf(stream: TerminalLike, env: Readonly<Record<string, string | undefined>>): Terminal {
  const tty = stream.isTTY === true;
  const columns = stream.columns;
  const width = tty && typeof columns === 'number' && columns > 0 ? columns : DEFAULT_WIDTH;
  return { width, color: tty && !env['NO_COLOR'] };
}

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;
export type Style = keyof typeof CODES;

/** `text` in the given styles, or unchanged without colour. */
export function paint(text: string, styles: readonly Style[], color: boolean): string {
  if (!color || styles.length === 0 || text === '') {
    return text;
  }
  return `\u001b[${styles.map((s) => CODES[s]).join(';')}m${text}\u001b[0m`;
}

/**
 * Columns `text` takes in a terminal: East Asian wide characters and most emoji take two, combining
 * marks and zero-width joiners none (string-width follows Unicode's East Asian Width and emoji data,
 * which UTF-16 length does not: a Japanese title is twice as wide as its length).
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts `text` to at most `max` columns, the last one an ellipsis. It cuts between graphemes, so a
 * surrogate pair, a flag or an emoji sequence is never split, and a wide character that would
 * straddle the edge is left out whole.
 */
export function truncate(text: string, max: number): string {
  if (max <= 0) {
    return '';
  }
  if (displayWidth(text) <= max) {
    return text;
  }
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > max - 1) break;
    kept += segment;
    used += w;
  }
  return `${kept}…`;
}

/** `text` followed by spaces up to `width` columns (never cut; colour codes take no column). */
export function padColumns(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
