/** The structured keys of the query language (`type:`, `region:`, `rg:` …) and the other names people use for them. */
import type { QueryFieldName } from './types';

/** Structured keys and the names people use for them. */
export type ResourceKey = 'health' | 'resources' | 'resourceGroups';
export const KEYS: ReadonlyMap<string, QueryFieldName | 'since' | 'until' | 'sort' | 'limit' | 'sensitive' | 'hir' | 'impacted' | 'workspace' | ResourceKey> = new Map([
  ['type', 'types'], ['types', 'types'], ['eventtype', 'types'],
  ['subtype', 'subTypes'], ['subtypes', 'subTypes'], ['sub', 'subTypes'], ['eventsubtype', 'subTypes'],
  ['status', 'statuses'], ['statuses', 'statuses'], ['state', 'statuses'], ['is', 'statuses'],
  ['level', 'levels'], ['levels', 'levels'], ['eventlevel', 'levels'], ['severity', 'levels'],
  ['service', 'services'], ['services', 'services'], ['svc', 'services'],
  ['region', 'regions'], ['regions', 'regions'], ['location', 'regions'], ['loc', 'regions'],
  ['tag', 'tags'], ['tags', 'tags'],
  ['text', 'text'], ['title', 'text'], ['has', 'text'], ['id', 'text'], ['trackingid', 'text'],
  ['since', 'since'], ['after', 'since'], ['from', 'since'],
  ['until', 'until'], ['before', 'until'], ['to', 'until'],
  ['sort', 'sort'], ['order', 'sort'], ['orderby', 'sort'], ['sortby', 'sort'],
  ['limit', 'limit'], ['top', 'limit'], ['take', 'limit'],
  ['sensitive', 'sensitive'], ['hir', 'hir'],
  ['impacted', 'impacted'], ['affected', 'impacted'], ['affectsme', 'impacted'],
  ['health', 'health'], ['availability', 'health'],
  ['resource', 'resources'], ['res', 'resources'],
  ['rg', 'resourceGroups'], ['resourcegroup', 'resourceGroups'],
  ['workspace', 'workspace'], ['deployed', 'workspace'],
] as const);
