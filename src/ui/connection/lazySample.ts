/**
 * The embedded sample service, loaded the first time sample mode starts it: the build puts it in
 * its own bundle (dist/sample.js, see scripts/build.mjs), so Azure-mode users never load it.
 */
import { requireBundle } from '../../core/bundles/bundleLoader';
import type { SampleService, SampleServiceOptions } from '../../core/sample';
import type * as SampleBundle from './sampleBundle';

export async function startSampleService(options: SampleServiceOptions = {}): Promise<SampleService> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  const sample = requireBundle('sample', () => require('./sampleBundle') as typeof SampleBundle);
  return sample.startSampleService(options);
}
