// Test only, never packaged: the authentication provider `microsoft` (label "Microsoft", so VS Code's
// consent dialog reads as in production) for the test workbench, where VS Code's own Microsoft sign-in
// is skipped (VSCODE_SKIP_BUILTIN_EXTENSIONS) and could not reach Entra ID anyway. It issues tokens
// the sample service accepts (see src/core/sample/signedTokens.ts) and renews a token once it
// expired, as the real provider does. The test harness bundles it and preinstalls it next to Service
// Health; it is configured through the environment the server passes to the extension host:
//   SERVICE_HEALTH_TEST_AUTH_SECRET       shared with the sample service (required)
//   SERVICE_HEALTH_TEST_AUTH_ACCOUNTS     JSON [{ "id", "label" }]: who "signs in", in order
//   SERVICE_HEALTH_TEST_AUTH_LIFETIME_MS  token lifetime (default one hour)
//   SERVICE_HEALTH_TEST_AUTH_SIGN_IN      outcomes of successive sign-ins, comma-separated:
//                                         ok | fail (the identity provider errs) | hang (the browser
//                                         flow never finishes); `ok` once the list is used up
//   SERVICE_HEALTH_TEST_AUTH_PERSIST      "1": sessions (and how far the sign-in outcomes got) survive a
//                                         window reload (kept in globalState), as the real provider
//                                         keeps them (the first-paint bench, the Azure UI suite)
//   SERVICE_HEALTH_TEST_READY_URL         fetched once activated (onStartupFinished): tells the bench
//                                         that the extension host is up after a reload
import * as vscode from 'vscode';
import { mintToken } from '../../../src/core/sample/signedTokens';

interface Account {
  readonly id: string;
  readonly label: string;
}

interface Held {
  session: vscode.AuthenticationSession;
  exp: number;
  serial: number;
}

const PROVIDER_ID = 'microsoft';
const PERSIST_KEY = 'testAuth.sessions';
/** With persistence, how many sign-in outcomes were used: a reload goes on with the list, not from its start. */
const OUTCOMES_USED_KEY = 'testAuth.outcomesUsed';
const env = process.env;

function accounts(): Account[] {
  const parsed = JSON.parse(env.SERVICE_HEALTH_TEST_AUTH_ACCOUNTS ?? '[]') as Account[];
  return parsed.length > 0 ? parsed : [{ id: 'test-account-1', label: 'ada@contoso.com' }];
}

class TestMicrosoftProvider implements vscode.AuthenticationProvider {
  private readonly held = new Map<string, Held>();
  private readonly outcomes = (env.SERVICE_HEALTH_TEST_AUTH_SIGN_IN ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  private readonly lifetimeMs = Number(env.SERVICE_HEALTH_TEST_AUTH_LIFETIME_MS ?? 3_600_000);
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;

  constructor(
    private readonly secret: string,
    private readonly store?: vscode.Memento,
  ) {
    this.outcomes.splice(0, store?.get<number>(OUTCOMES_USED_KEY) ?? 0);
    for (const session of store?.get<vscode.AuthenticationSession[]>(PERSIST_KEY) ?? []) {
      this.held.set(session.account.id, this.renewIfExpired({ session, exp: 0, serial: 0 }));
    }
  }

  /** Only with SERVICE_HEALTH_TEST_AUTH_PERSIST=1 (a store was given). */
  private persist(): void {
    void this.store?.update(PERSIST_KEY, [...this.held.values()].map((h) => h.session));
  }

  async getSessions(_scopes: readonly string[] | undefined, options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    const wanted = options?.account;
    return [...this.held.values()]
      .filter((h) => !wanted || h.session.account.id === wanted.id)
      .map((h) => this.renewIfExpired(h).session);
  }

  async createSession(scopes: readonly string[], options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession> {
    const outcome = this.outcomes.shift() ?? 'ok';
    void this.store?.update(OUTCOMES_USED_KEY, (this.store.get<number>(OUTCOMES_USED_KEY) ?? 0) + 1);
    if (outcome === 'hang') {
      return new Promise<vscode.AuthenticationSession>(() => undefined);
    }
    if (outcome === 'fail') {
      throw new Error('The Microsoft sign-in page could not be reached');
    }
    const all = accounts();
    const account = (options?.account && all.find((a) => a.id === options.account?.id)) ?? all.find((a) => !this.held.has(a.id)) ?? all[0];
    if (!account) {
      throw new Error('No test account configured');
    }
    const held: Held = { session: { id: `session-${account.id}`, accessToken: '', account, scopes: [...scopes] }, exp: 0, serial: 0 };
    this.held.set(account.id, this.renewIfExpired(held));
    this.persist();
    this.emitter.fire({ added: [held.session], removed: [], changed: [] });
    return held.session;
  }

  async removeSession(sessionId: string): Promise<void> {
    for (const [id, h] of this.held) {
      if (h.session.id === sessionId) {
        this.held.delete(id);
        this.persist();
        this.emitter.fire({ added: [], removed: [h.session], changed: [] });
      }
    }
  }

  /** A new token (same session) once the current one expired, as the real provider refreshes it. */
  private renewIfExpired(h: Held): Held {
    const now = Date.now();
    if (now < h.exp) {
      return h;
    }
    h.serial++;
    h.exp = now + this.lifetimeMs;
    const { id, label } = h.session.account;
    h.session = { ...h.session, accessToken: mintToken(this.secret, { oid: id, upn: label, exp: h.exp, n: h.serial }) };
    return h;
  }
}

/**
 * Writes SERVICE_HEALTH_TEST_USER_SETTINGS (a JSON object) into the user settings, as the person
 * at the keyboard would: Service Health honours `serviceHealth.endpoint` only from there.
 */
async function applyUserSettings(): Promise<void> {
  const raw = env.SERVICE_HEALTH_TEST_USER_SETTINGS;
  if (!raw) return;
  const settings = JSON.parse(raw) as Record<string, unknown>;
  for (const [key, value] of Object.entries(settings)) {
    const dot = key.indexOf('.');
    await vscode.workspace.getConfiguration(key.slice(0, dot)).update(key.slice(dot + 1), value, vscode.ConfigurationTarget.Global);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const secret = env.SERVICE_HEALTH_TEST_AUTH_SECRET;
  if (!secret) {
    console.error('[test auth provider] SERVICE_HEALTH_TEST_AUTH_SECRET is not set; not registering.');
    return;
  }
  // Before the provider exists, so no session is handed out while the endpoint still points elsewhere.
  await applyUserSettings().catch((err: unknown) => console.error(`[test auth provider] user settings not applied: ${String(err)}`));
  const provider = new TestMicrosoftProvider(secret, env.SERVICE_HEALTH_TEST_AUTH_PERSIST === '1' ? context.globalState : undefined);
  context.subscriptions.push(vscode.authentication.registerAuthenticationProvider(PROVIDER_ID, 'Microsoft', provider, { supportsMultipleAccounts: true }));
  if (env.SERVICE_HEALTH_TEST_READY_URL) {
    void fetch(env.SERVICE_HEALTH_TEST_READY_URL).catch(() => undefined);
  }
}
