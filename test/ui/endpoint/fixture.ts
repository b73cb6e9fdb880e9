// The connection-problems workbench: Azure mode with the test-only `microsoft` provider (as in
// ../azure), `serviceHealth.endpoint` set in the user settings to a loopback port of this test
// process where the ARM stand-in (the sample service) is started and stopped by the tests: nothing
// listening there is the real-world "the endpoint's server is down / the port is wrong". The
// test-only sample-fault companion is preinstalled too, to make the extension's own embedded sample
// service crash after the test switches to it.
import { randomBytes } from 'node:crypto';
import { buildAuthCompanion, buildCompanion, type BuiltCompanion } from '../../harness/companion';
import { freePort } from '../../harness/server';
import { startSampleService, type SampleService } from '../../../src/core/sample';
import { ACCOUNTS } from '../azure/fixture';
import type { PreparedWorkbench } from '../run';
import { createSampleWorkspace } from '../workspace';

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

let current: EndpointFixture | undefined;

export function endpointFixture(): EndpointFixture {
  if (!current) throw new Error('No connection-problems workbench: run the UI tests with `npm run test:ui`.');
  return current;
}

export async function prepareEndpointWorkbench(root: string): Promise<PreparedWorkbench> {
  const secret = randomBytes(24).toString('base64url');
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
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': 'azure' }, 'my-azure-app');
  current = fixture;
  return {
    folder: workspace.folder,
    env: {
      // The companion must be the only `microsoft` provider: the first registration wins.
      VSCODE_SKIP_BUILTIN_EXTENSIONS: 'vscode.microsoft-authentication',
      SERVICE_HEALTH_TEST_AUTH_SECRET: secret,
      SERVICE_HEALTH_TEST_AUTH_ACCOUNTS: JSON.stringify(ACCOUNTS),
      // The first sign-in succeeds; the last test's browser flow never finishes (see connection.test.ts).
      SERVICE_HEALTH_TEST_AUTH_SIGN_IN: 'ok,hang',
      // The endpoint goes to the user settings: a workspace's value is ignored.
      SERVICE_HEALTH_TEST_USER_SETTINGS: JSON.stringify({ 'serviceHealth.endpoint': endpoint }),
    },
    preinstall: companions.map((c) => c.folder),
    dispose: async () => {
      current = undefined;
      await Promise.all([fixture.stopService(), ...companions.map((c) => c.dispose()), workspace.dispose()]);
    },
  };
}
