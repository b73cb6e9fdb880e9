/** The query language of the command palette and the `@health` chat participant (no vscode). */
export { parseQuery, fieldKey, MAX_LIMIT } from './parse';
export { formatQuery } from './format';
export { compileQuery, DEFAULT_LOOKBACK_DAYS, type CompileOptions, type CompiledQuery, type ServerQuery } from './compile';
export { buildResourcePredicate, hasResourceTerms, readsImpactedResources } from './resourcePredicate';
export { sortEvents } from './sort';
export { describeQuery } from './describe';
export { DEFAULT_REGIONS } from './regions';
export { DEFAULT_SERVICES, SERVICE_ALIASES } from './services';
export {
  emptyQuery,
  emptyFields,
  SORT_KEYS,
  QUERY_FIELD_NAMES,
  type ParsedQuery,
  type ParseOptions,
  type QueryFields,
  type QueryFieldName,
  type SortKey,
} from './types';
