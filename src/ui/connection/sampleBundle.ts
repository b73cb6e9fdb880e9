/**
 * What dist/sample.js exports (scripts/build.mjs): only what the extension starts the sample
 * service with, so the production build can still drop the fault injector the index exports.
 */
export { startSampleService } from '../../core/sample';
