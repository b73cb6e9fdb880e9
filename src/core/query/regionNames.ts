/** Region names as templates write them (`westeurope`, `West Europe`) → the display name Service Health uses. */
import { regionKey } from './normalize';
import { buildRegionIndex } from './regions';

let index: Map<string, string> | undefined;

/** The display name of a region ("global" is Service Health's "Global"), or undefined when it is not a known Azure region. */
export function regionDisplayName(value: string): string | undefined {
  index ??= buildRegionIndex(undefined);
  return index.get(regionKey(value));
}
