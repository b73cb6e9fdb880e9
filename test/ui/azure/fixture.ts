// The Azure-mode workbench: the sample service runs here, in the test process, as the stand-in for
// Azure Resource Manager (`serviceHealth.endpoint` points at it, plain http on loopback), accepting
// only tokens signed with a secret it shares with the test-only `microsoft` authentication provider
// (test/companion/auth-provider), which is preinstalled while VS Code's own Microsoft sign-in is
// skipped. The product cannot tell: it signs in through vscode.authentication as in production.
import { randomBytes } from 'node:crypto';
import { buildAuthCompanion } from '../../harness/companion';
import { startSampleService, type SampleService } from '../../../src/core/sample';
import type { PreparedWorkbench } from '../run';
import { createSampleWorkspace } from '../workspace';

export interface TestAccount {
  readonly id: string;
  readonly label: string;
}

/** Who "signs in", in order: the first sign-in yields the first account, "another account" the next. */
export const ACCOUNTS: readonly TestAccount[] = [
  { id: '3f0c7a52-8a43-4d1e-9d6b-1c5f0e2a7b11', label: 'ada@contoso.com' },
  { id: '9b2e4d17-6c58-4f3a-8e91-2d7a5b3c4e22', label: 'grace@fabrikam.com' },
];

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

let current: AzureFixture | undefined;

export function azureFixture(): AzureFixture {
  if (!current) throw new Error('No Azure-mode workbench: run the UI tests with `npm run test:ui`.');
  return current;
}

export async function prepareAzureWorkbench(root: string): Promise<PreparedWorkbench> {
  const secret = randomBytes(24).toString('base64url');
  const service = await startSampleService({ seed: 5, events: 150, signedTokensSecret: secret });
  const companion = await buildAuthCompanion(root).catch(async (err: unknown) => {
    await service.close();
    throw err;
  });
  // The endpoint goes to the user settings (the companion writes it there): a workspace's value is
  // ignored, so a repository cannot send the token elsewhere.
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': 'azure' }, 'my-azure-app');
  current = { service };
  return {
    folder: workspace.folder,
    env: {
      // The companion must be the only `microsoft` provider: the first registration wins.
      VSCODE_SKIP_BUILTIN_EXTENSIONS: 'vscode.microsoft-authentication',
      SERVICE_HEALTH_TEST_AUTH_SECRET: secret,
      SERVICE_HEALTH_TEST_AUTH_ACCOUNTS: JSON.stringify(ACCOUNTS),
      SERVICE_HEALTH_TEST_AUTH_LIFETIME_MS: String(TOKEN_LIFETIME_MS),
      SERVICE_HEALTH_TEST_AUTH_SIGN_IN: SIGN_IN_OUTCOMES,
      // Sessions survive the suite's window reload, as VS Code's own Microsoft sign-in keeps them.
      SERVICE_HEALTH_TEST_AUTH_PERSIST: '1',
      SERVICE_HEALTH_TEST_USER_SETTINGS: JSON.stringify({ 'serviceHealth.endpoint': service.url }),
    },
    preinstall: [companion.folder],
    dispose: async () => {
      current = undefined;
      await Promise.all([service.close(), companion.dispose(), workspace.dispose()]);
    },
  };
}
