// What the Azure-mode workbenches (the azure and endpoint groups) share: a secret the ARM stand-in
// (the sample service in this process) and the test-only `microsoft` provider
// (test/companion/auth-provider) both know, the accounts that "sign in", the provider's environment,
// the endpoint in the user settings, and the slot their tests read the group's fixture from.
import { randomBytes } from 'node:crypto';
import type { BuiltCompanion } from '../../harness/companion';
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

/** The secret tokens are signed with: give it to startSampleService as `signedTokensSecret`. */
export function newTokenSecret(): string {
  return randomBytes(24).toString('base64url');
}

export interface SignInWorkbenchOptions {
  readonly secret: string;
  /** `serviceHealth.endpoint`: the ARM stand-in's URL. */
  readonly endpoint: string;
  /** Outcomes of successive interactive sign-ins, comma-separated: ok | fail | hang (see the companion). */
  readonly signIn: string;
  /** More of the companion's settings (token lifetime, persistence). */
  readonly env?: Readonly<Record<string, string>>;
  /** Built companions to preinstall (the auth provider first); disposed with the workbench, or on failure here. */
  readonly companions: readonly BuiltCompanion[];
  /** Closes what the group started besides (its sample service). */
  readonly dispose: () => Promise<void>;
}

/** An Azure-mode workspace whose sign-in goes to the test-only provider and whose endpoint is the stand-in. */
export async function prepareSignInWorkbench(options: SignInWorkbenchOptions): Promise<PreparedWorkbench> {
  const closeRest = async (): Promise<void> => {
    await Promise.all([options.dispose(), ...options.companions.map((c) => c.dispose())]);
  };
  // No mode in the folder's settings: Azure is the default, and Use Sample Service must be able to switch (a set mode wins over it).
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': undefined }, 'my-azure-app').catch(async (err: unknown) => {
    await closeRest();
    throw err;
  });
  return {
    folder: workspace.folder,
    env: {
      // The companion must be the only `microsoft` provider: the first registration wins.
      VSCODE_SKIP_BUILTIN_EXTENSIONS: 'vscode.microsoft-authentication',
      SERVICE_HEALTH_TEST_AUTH_SECRET: options.secret,
      SERVICE_HEALTH_TEST_AUTH_ACCOUNTS: JSON.stringify(ACCOUNTS),
      SERVICE_HEALTH_TEST_AUTH_SIGN_IN: options.signIn,
      // The endpoint goes to the user settings (the companion writes it there): a workspace's value
      // is ignored, so a repository cannot send the token elsewhere.
      SERVICE_HEALTH_TEST_USER_SETTINGS: JSON.stringify({ 'serviceHealth.endpoint': options.endpoint }),
      ...options.env,
    },
    preinstall: options.companions.map((c) => c.folder),
    dispose: async () => {
      await Promise.all([closeRest(), workspace.dispose()]);
    },
  };
}

/**
 * The fixture of the group whose workbench is open: set by its prepare function, cleared on
 * dispose; tests read it (mocha offers no other channel from the runner into test files).
 */
export class FixtureSlot<T> {
  private value: T | undefined;

  constructor(private readonly group: string) {}

  get(): T {
    if (this.value === undefined) throw new Error(`No ${this.group} workbench: run the UI tests with \`npm run test:ui\`.`);
    return this.value;
  }

  set(value: T | undefined): void {
    this.value = value;
  }
}
