/** What the CLI's output stream can show: its width and whether colour is wanted. */

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

/** Cuts `text` to `max` characters, the last one an ellipsis. */
export function truncate(text: string, max: number): string {
  if (max <= 0) {
    return '';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
