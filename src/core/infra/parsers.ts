/** The reader's parsing libraries, loaded on first use from their own bundle (see infraParsersBundle.ts). */
import { requireBundle } from '../bundles/bundleLoader';
import type * as InfraParsersBundle from './infraParsersBundle';

export type InfraParsers = typeof InfraParsersBundle;

let loaded: InfraParsers | undefined;

export function parsers(): InfraParsers {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  loaded ??= requireBundle('infraParsers', () => require('./infraParsersBundle') as InfraParsers);
  return loaded;
}
