/** What dist/resourceFilter.js exports (scripts/build.mjs): the Resources view's query and its input box. */
export { runResourceQuery } from '../../core/chat/resourceQuery';
export { askResourceFilter } from './resourceFilterInput';
