/** What dist/validation.js exports (scripts/build.mjs): every zod schema the extension checks data with. */
export * from './schemas';
export * from './eventResourceSchemas';
export { graphRowSchema, queryResponseSchema } from '../api/resourceGraphSchemas';
export { resourceGroupSchema, resourceGroupsPageSchema } from '../api/resourceGroupSchemas';
export { cachedEvent, snapshotSchema } from '../cache/snapshotSchema';
export { healthSnapshotSchema } from '../cache/healthSnapshotSchema';
export * from './availabilitySchemas';
