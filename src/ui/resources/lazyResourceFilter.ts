/** The Resources view's query language and input box, loaded with the first filter (dist/resourceFilter.js). */
import { requireBundle } from '../../core/bundles/bundleLoader';
import type * as ResourceFilterBundle from './resourceFilterBundle';

export function loadResourceFilter(): typeof ResourceFilterBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  return requireBundle('resourceFilter', () => require('./resourceFilterBundle') as typeof ResourceFilterBundle);
}
