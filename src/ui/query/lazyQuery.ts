/**
 * The query language with the Query Events palette, loaded on first use: the first Query Events or
 * query filter, or at start only when the workspace saved a tree query. The build puts them in
 * dist/query.js.
 */
import { requireBundle } from '../../core/bundles/bundleLoader';
import type * as QueryBundle from './queryBundle';

export type QueryParts = typeof QueryBundle;

export function loadQuery(): QueryParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  return requireBundle('query', () => require('./queryBundle') as QueryParts);
}
