/** The events cache's format version: a snapshot of another version is not restored. */
export const CACHE_VERSION = 1;
