/** The events cache's format version: a snapshot of another version is not restored. */
export const CACHE_VERSION = 1;
/** The resource health cache's format version (healthSnapshot.ts), its own file next to the events cache. */
export const HEALTH_CACHE_VERSION = 1;
