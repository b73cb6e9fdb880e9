// The Azure-mode workbench: the sample service runs here, in the test process, as the stand-in for
// Azure Resource Manager (`serviceHealth.endpoint` points at it, plain http on loopback), accepting
// only tokens signed with a secret it shares with the test-only `microsoft` authentication provider
// (test/companion/auth-provider), which is preinstalled while VS Code's own Microsoft sign-in is
// skipped (see signInWorkbench.ts). The product cannot tell: it signs in through
// vscode.authentication as in production.
import { buildAuthCompanion } from '../../harness/companion';
import { startSampleService, type SampleService } from '../../../src/core/sample';
import type { PreparedWorkbench } from '../run';
import { FixtureSlot, newTokenSecret, prepareSignInWorkbench } from './signInWorkbench';

export { ACCOUNTS, type TestAccount } from './signInWorkbench';

/**
 * Outcomes of successive interactive sign-ins (createSession): the suite's order is a failing identity
 * provider, Ada, Grace, then a browser flow that never finishes (see azure.test.ts).
 */
const SIGN_IN_OUTCOMES = 'fail,ok,ok,hang';

/** Short enough that the suite can wait for a token to expire, long enough for a sign-in. */
export const TOKEN_LIFETIME_MS = 15_000;

export interface AzureFixture {
  readonly service: SampleService;
}

const slot = new FixtureSlot<AzureFixture>('Azure-mode');

export function azureFixture(): AzureFixture {
  return slot.get();
}

export async function prepareAzureWorkbench(root: string): Promise<PreparedWorkbench> {
  const secret = newTokenSecret();
  const service = await startSampleService({ seed: 5, events: 150, signedTokensSecret: secret });
  const companion = await buildAuthCompanion(root).catch(async (err: unknown) => {
    await service.close();
    throw err;
  });
  const prepared = await prepareSignInWorkbench({
    secret,
    endpoint: service.url,
    signIn: SIGN_IN_OUTCOMES,
    env: {
      SERVICE_HEALTH_TEST_AUTH_LIFETIME_MS: String(TOKEN_LIFETIME_MS),
      // Sessions survive the suite's window reload, as VS Code's own Microsoft sign-in keeps them.
      SERVICE_HEALTH_TEST_AUTH_PERSIST: '1',
    },
    companions: [companion],
    dispose: async () => {
      slot.set(undefined);
      await service.close();
    },
  });
  slot.set({ service });
  return prepared;
}
