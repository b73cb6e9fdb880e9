/** Whole numbers with thousands separators ("1,234"), as the tree, status bar and quota list show them. */

// Made on first use, not at module load: building it loads locale data (about 18 ms at start on
// Node 24, most of the start bundle's own load time), and activation needs no number yet.
let numberFormat: Intl.NumberFormat | undefined;

export function formatCount(value: number): string {
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
}
