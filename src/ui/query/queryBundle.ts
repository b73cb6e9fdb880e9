/** What dist/query.js exports (scripts/build.mjs): the query language, the Query Events palette and the tree's query input. */
export { KnownNamesCache, runQuery } from '../../core/chat/eventQuery';
export { ViewQuery } from '../../core/chat/viewQuery';
export { askTreeQuery } from './queryFilterInput';
export { showQueryPalette } from './queryPalette';
