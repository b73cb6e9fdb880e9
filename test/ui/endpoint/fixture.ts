// The connection-problems workbench: Azure mode with the test-only `microsoft` provider (as in
// ../azure, see ../azure/signInWorkbench.ts), `serviceHealth.endpoint` set in the user settings to a
// loopback port of this test process where the ARM stand-in (the sample service) is started and
// stopped by the tests: nothing listening there is the real-world "the endpoint's server is down /
// the port is wrong". The test-only sample-fault companion is preinstalled too, to make the
// extension's own embedded sample service crash after the test switches to it.
import { buildAuthCompanion, buildCompanion, type BuiltCompanion } from '../../harness/companion';
import { freePort } from '../../harness/server';
import { startSampleService, type SampleService } from '../../../src/core/sample';
import { FixtureSlot, newTokenSecret, prepareSignInWorkbench } from '../azure/signInWorkbench';
import type { PreparedWorkbench } from '../run';

export interface EndpointFixture {
  /** `serviceHealth.endpoint` as written to the user settings. */
  readonly endpoint: string;
  /**
   * Starts the ARM stand-in on the endpoint's port (a no-op when it runs), with `events` events
   * (default {@link DEFAULT_EVENTS}); the same seed, so the same subscriptions and secret.
   */
  startService(options?: { readonly events?: number }): Promise<SampleService>;
  /** Stops it: the endpoint's port then refuses connections. */
  stopService(): Promise<void>;
}

/** The ARM stand-in's events unless a test asks for more: about as many as the extension's own sample. */
export const DEFAULT_EVENTS = 150;

const slot = new FixtureSlot<EndpointFixture>('connection-problems');

export function endpointFixture(): EndpointFixture {
  return slot.get();
}

export async function prepareEndpointWorkbench(root: string): Promise<PreparedWorkbench> {
  const secret = newTokenSecret();
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let service: SampleService | undefined;
  const fixture: EndpointFixture = {
    endpoint,
    startService: async (options = {}) => {
      service ??= await startSampleService({ seed: 5, events: options.events ?? DEFAULT_EVENTS, signedTokensSecret: secret, port });
      return service;
    },
    stopService: async () => {
      const s = service;
      service = undefined;
      await s?.close();
    },
  };
  const companions: BuiltCompanion[] = [];
  try {
    companions.push(await buildAuthCompanion(root), await buildCompanion(root, 'sample-fault'));
  } catch (err) {
    await Promise.all(companions.map((c) => c.dispose()));
    throw err;
  }
  const prepared = await prepareSignInWorkbench({
    secret,
    endpoint,
    // The first sign-in succeeds; the last test's browser flow never finishes (see connection.test.ts).
    signIn: 'ok,hang',
    companions,
    dispose: async () => {
      slot.set(undefined);
      await fixture.stopService();
    },
  });
  slot.set(fixture);
  return prepared;
}
