/**
 * A table that fits the terminal, as `gh` prints one: columns separated by two spaces, the
 * flexible column (the title) takes the room that is left and is cut with an ellipsis, and the
 * least useful columns are left out when even a short title would not fit. `wide` shows every
 * column in full.
 */
import { displayWidth, paint, padColumns, truncate, type Style } from './terminal';
import { maxOf } from '../text/lists';

export interface Column {
  readonly header: string;
  readonly cells: readonly string[];
  /** The column that takes the room left (at most one); it never gets narrower than `min`. */
  readonly flex?: { readonly min: number };
  /** Longest a cell may be before it is cut (not in wide mode). */
  readonly max?: number;
  /** Columns with a drop rank leave first (rank 1 before rank 2) when the table is too wide. */
  readonly dropRank?: number;
  /** Colour of the cell in a row. */
  readonly style?: (row: number) => readonly Style[];
}

export interface FitOptions {
  readonly width: number;
  readonly wide: boolean;
  readonly color: boolean;
}

const GAP = 2;

function naturalWidth(column: Column, wide: boolean): number {
  const header = displayWidth(column.header);
  const longest = maxOf(header, column.cells.map(displayWidth));
  return wide || column.max === undefined ? longest : Math.min(longest, Math.max(column.max, header));
}

/** Narrowest a flexible column gets when no column is left to drop. */
const FLEX_FLOOR = 8;

/**
 * The columns that are shown and their widths: while the flexible column would be narrower than
 * its `min`, the next column by drop rank leaves; with none left, it takes what remains.
 */
export function layout(columns: readonly Column[], options: Pick<FitOptions, 'width' | 'wide'>): { column: Column; width: number }[] {
  let shown = [...columns];
  const widthsOf = (useMin: boolean): { column: Column; width: number }[] => {
    const fixed = shown.filter((c) => !c.flex).reduce((sum, c) => sum + naturalWidth(c, options.wide), 0) + GAP * (shown.length - 1);
    return shown.map((column) => {
      const natural = naturalWidth(column, options.wide);
      if (!column.flex || options.wide) {
        return { column, width: natural };
      }
      return { column, width: Math.min(natural, Math.max(useMin ? column.flex.min : FLEX_FLOOR, options.width - fixed)) };
    });
  };
  if (options.wide) {
    return widthsOf(true);
  }
  for (;;) {
    const widths = widthsOf(true);
    const total = widths.reduce((sum, w) => sum + w.width, 0) + GAP * (widths.length - 1);
    if (total <= options.width) {
      return widths;
    }
    const next = shown.filter((c) => c.dropRank !== undefined).sort((a, b) => (a.dropRank ?? 0) - (b.dropRank ?? 0))[0];
    if (next === undefined) {
      return widthsOf(false);
    }
    shown = shown.filter((c) => c !== next);
  }
}

/** The table as text; the last column is not padded, so no line ends in spaces. */
export function fitTable(columns: readonly Column[], options: FitOptions): string {
  const shown = layout(columns, options);
  const rowCount = maxOf(0, columns.map((c) => c.cells.length));
  const line = (cellOf: (column: Column) => string, row?: number): string =>
    shown
      .map(({ column, width }, i) => {
        const text = options.wide ? cellOf(column) : truncate(cellOf(column), width);
        const painted = row !== undefined && column.style ? paint(text, column.style(row), options.color) : text;
        return i === shown.length - 1 ? painted : padColumns(painted, width);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [line((c) => c.header)];
  for (let row = 0; row < rowCount; row++) {
    lines.push(line((c) => c.cells[row] ?? '', row));
  }
  return `${lines.join('\n')}\n`;
}
