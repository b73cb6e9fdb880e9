/**
 * The zod schemas, loaded on first validation (a response body, a cached snapshot): zod and the
 * schemas built at its load are a third of the extension's start bundle and most of its load time,
 * and drawing the cached tree needs none of it before the cache is read. The extension build puts
 * them in dist/validation.js (scripts/build.mjs); the CLI and tests load them like any module.
 */
import { requireBundle } from '../bundles/bundleLoader';
import type * as ValidationBundle from './validationBundle';

export type Validation = typeof ValidationBundle;

let loaded: Validation | undefined;

export function validation(): Validation {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  loaded ??= requireBundle('validation', () => require('./validationBundle') as Validation);
  return loaded;
}
