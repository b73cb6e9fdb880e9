// Sign-in in a real VS Code extension host, without a Microsoft account: AzureAuth runs against a
// scripted authentication API that records every getSession call (provider, scopes, options) and
// answers like VS Code's Microsoft providers do. Memento and log channel are real-shaped; the log
// goes through the app's recorder so every line can be checked for tokens.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { recordingLog } from '../../src/ui/app/logRecorder';
import { AzureAuth, type AuthenticationApi, type AuthTarget } from '../../src/ui/auth/azureAuth';
import { cloudConfig, type CloudName } from '../../src/ui/config/clouds';
import { MemoryMemento } from './trustKit';

const ARM_SCOPE = 'https://management.azure.com/user_impersonation';
const TENANT_GUID = '72f988bf-86f1-41af-91ab-2d7cd011db47';

interface GetSessionCall {
  readonly providerId: string;
  readonly scopes: readonly string[];
  readonly options: vscode.AuthenticationGetSessionOptions;
}

/** Every access token handed out in this suite: none may ever reach a log line. */
const issuedTokens = new Set<string>();

function session(accountId: string, label: string): vscode.AuthenticationSession {
  const accessToken = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomUUID()}.sig`;
  issuedTokens.add(accessToken);
  return { id: randomUUID(), accessToken, account: { id: accountId, label }, scopes: [ARM_SCOPE] };
}

/** The same session after the provider refreshed its token (same id and account, new token). */
function refreshed(s: vscode.AuthenticationSession): vscode.AuthenticationSession {
  const accessToken = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomUUID()}.sig2`;
  issuedTokens.add(accessToken);
  return { ...s, accessToken };
}

/**
 * Scripted `vscode.authentication`: `account` is the session the provider holds (what a silent
 * call returns), `interactive` what the sign-in flow yields (a session, or an Error for cancelled
 * consent). `pause()` holds the next call until released, for races.
 */
class ScriptedAuthentication implements AuthenticationApi {
  readonly calls: GetSessionCall[] = [];
  account: vscode.AuthenticationSession | undefined;
  interactive: vscode.AuthenticationSession | Error | undefined;
  /** Providers that hold `account` (all when unset): a public-cloud account is unknown to the sovereign provider. */
  holders: ReadonlySet<string> | undefined;
  private gate: Promise<void> | undefined;
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;

  async getSession(
    providerId: string,
    scopes: readonly string[],
    options: vscode.AuthenticationGetSessionOptions,
  ): Promise<vscode.AuthenticationSession | undefined> {
    this.calls.push({ providerId, scopes: [...scopes], options: { ...options } });
    const gate = this.gate;
    this.gate = undefined;
    if (gate) await gate;
    if (options.createIfNone || options.forceNewSession) {
      if (this.interactive instanceof Error) throw this.interactive;
      this.account = this.interactive ?? this.account;
      return this.account;
    }
    // A silent call for a named account finds only that account's session.
    if (options.account && options.account.id !== this.account?.account.id) return undefined;
    return !this.holders || this.holders.has(providerId) ? this.account : undefined;
  }

  /** Holds the next getSession call until the returned function is called. */
  pause(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  fire(providerId: string): void {
    this.emitter.fire({ provider: { id: providerId, label: providerId } });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function target(cloud: CloudName = 'AzureCloud', tenant?: string): AuthTarget {
  return { cloud: cloudConfig(cloud), tenant };
}

function isSilent(call: GetSessionCall | undefined): boolean {
  return call?.options.silent === true && !call.options.createIfNone && !call.options.forceNewSession;
}

/** Resolves at the next onDidChange of `auth` (the session listener's work is fire-and-forget). */
function nextChange(auth: AzureAuth): Promise<void> {
  return new Promise((resolve) => {
    const sub = auth.onDidChange(() => {
      sub.dispose();
      resolve();
    });
  });
}

describe('sign-in (AzureAuth with a scripted authentication API, real VS Code)', function () {
  this.timeout(20_000);
  const lines: string[] = [];
  let channel: vscode.LogOutputChannel;
  let log: vscode.LogOutputChannel;
  const owned: vscode.Disposable[] = [];
  let authApi: ScriptedAuthentication;
  let memento: MemoryMemento;

  function make(t: AuthTarget = target(), m: vscode.Memento = memento): AzureAuth {
    const auth = new AzureAuth(t, m, log, authApi);
    owned.push(auth);
    return auth;
  }

  before(() => {
    channel = vscode.window.createOutputChannel('Service Health auth test', { log: true });
    log = recordingLog(channel, lines);
  });

  beforeEach(() => {
    authApi = new ScriptedAuthentication();
    owned.push(authApi);
    memento = new MemoryMemento();
  });

  afterEach(() => {
    for (const d of owned.splice(0)) d.dispose();
    for (const line of lines) {
      for (const token of issuedTokens) {
        assert.ok(!line.includes(token), `a log line holds an access token: ${line.replace(token, '<token>')}`);
      }
      assert.doesNotMatch(line, /Bearer |eyJ0eXAi/, `a log line looks like it holds a token: ${line}`);
    }
  });

  after(() => {
    channel.dispose();
  });

  it('start attaches silently: one silent call on the microsoft provider with exactly the ARM scope', async () => {
    const a = session('account-a', 'alice@contoso.com');
    authApi.account = a;
    const auth = make();
    assert.equal(await auth.signInSilently(), true);
    assert.equal(auth.signedIn, true);
    assert.equal(auth.accountLabel, 'alice@contoso.com');
    assert.equal(auth.accountId, 'account-a');
    assert.equal(authApi.calls.length, 1);
    const [call] = authApi.calls;
    assert.equal(call?.providerId, 'microsoft');
    assert.deepEqual(call?.scopes, [ARM_SCOPE]);
    assert.ok(isSilent(call), `start must be silent: ${JSON.stringify(call?.options)}`);
    assert.ok(lines.some((l) => l === 'info Signed in as alice@contoso.com.'), 'the account label is logged');
  });

  it('start with no account stays signed out and never prompts', async () => {
    const auth = make();
    assert.equal(await auth.signInSilently(), false);
    assert.equal(auth.signedIn, false);
    assert.equal(authApi.calls.length, 1);
    assert.ok(authApi.calls.every(isSilent));
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), undefined);
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: true }), undefined);
    assert.equal(authApi.calls.length, 1, 'a signed-out token request asks the provider nothing');
  });

  it('only Sign In asks interactively (createIfNone: true); everything else stays silent', async () => {
    const auth = make();
    await auth.signInSilently();
    const b = session('account-b', 'bob@contoso.com');
    authApi.interactive = b;
    assert.equal(await auth.signIn(), true);
    assert.equal(auth.accountLabel, 'bob@contoso.com');
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), b.accessToken);
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: true }), b.accessToken);
    await auth.signInSilently();
    const interactive = authApi.calls.filter((c) => !isSilent(c));
    assert.equal(interactive.length, 1, `interactive calls: ${JSON.stringify(authApi.calls.map((c) => c.options))}`);
    assert.equal(interactive[0], authApi.calls[1], 'the interactive call is the Sign In one');
    assert.equal(interactive[0]?.options.createIfNone, true);
    assert.ok(!interactive[0]?.options.forceNewSession);
    assert.ok(!interactive[0]?.options.silent);
    assert.ok(authApi.calls.every((c) => c.providerId === 'microsoft' && c.scopes.join(' ') === ARM_SCOPE));
  });

  it('a cancelled Sign In returns false, keeps the state and logs one line', async () => {
    const auth = make();
    await auth.signInSilently();
    authApi.interactive = new Error('User did not consent to login.');
    assert.equal(await auth.signIn(), false);
    assert.equal(auth.signedIn, false);
    assert.ok(lines.some((l) => /^warn Sign-in with provider microsoft did not complete: User did not consent to login\.$/.test(l)));
  });

  it('a sign-in that never finishes (browser closed) is pending until Cancel, which stops the wait and leaves the state as it was', async () => {
    const auth = make();
    await auth.signInSilently();
    authApi.interactive = session('account-b', 'bob@contoso.com');
    const release = authApi.pause();
    const states: boolean[] = [];
    const sub = auth.onDidChangeSigningIn((pending) => states.push(pending));
    const signingIn = auth.signIn();
    assert.equal(auth.signingIn, true, 'the pending sign-in is not visible');
    assert.equal(await auth.signIn(), false, 'a second Sign In while one is pending starts another flow');
    auth.cancelSignIn();
    assert.equal(await signingIn, false);
    assert.equal(auth.signingIn, false);
    assert.deepEqual(states, [true, false]);
    release();
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(auth.signedIn, false, 'the answer that arrived after Cancel signed in');
    sub.dispose();
  });

  it('after Sign Out, Sign In lets the user choose the account again (clearSessionPreference)', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    await auth.signInSilently();
    await auth.signOut();
    authApi.interactive = session('account-b', 'bob@contoso.com');
    assert.equal(await auth.signIn(), true);
    assert.equal(auth.accountLabel, 'bob@contoso.com');
    assert.equal(authApi.calls.at(-1)?.options.clearSessionPreference, true);
    authApi.interactive = undefined;
    await auth.signIn();
    assert.ok(!authApi.calls.at(-1)?.options.clearSessionPreference, 'a Sign In without a Sign Out before it forgot the account preference');
  });

  it('adds VSCODE_TENANT:<id> only for a valid tenant (GUID or domain) and never passes an invalid one through', async () => {
    const cases: Array<[string | undefined, string[]]> = [
      [undefined, [ARM_SCOPE]],
      ['', [ARM_SCOPE]],
      [TENANT_GUID, [ARM_SCOPE, `VSCODE_TENANT:${TENANT_GUID}`]],
      ['contoso.onmicrosoft.com', [ARM_SCOPE, 'VSCODE_TENANT:contoso.onmicrosoft.com']],
      ['contoso', [ARM_SCOPE]],
      ['contoso.com VSCODE_TENANT:evil.com', [ARM_SCOPE]],
      ['https://login.microsoftonline.com/x', [ARM_SCOPE]],
      ['72f988bf-86f1-41af-91ab', [ARM_SCOPE]],
    ];
    for (const [tenant, expected] of cases) {
      authApi.calls.length = 0;
      const auth = make(target('AzureCloud', tenant));
      assert.deepEqual(auth.scopes, expected, `tenant ${JSON.stringify(tenant)}`);
      await auth.signInSilently();
      assert.deepEqual(authApi.calls[0]?.scopes, expected, `tenant ${JSON.stringify(tenant)}: scopes asked for`);
    }
  });

  it('a new tenant forgets the session and asks silently again with the new scopes', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    await auth.signInSilently();
    const changed = nextChange(auth);
    authApi.account = undefined;
    await auth.setTarget(target('AzureCloud', TENANT_GUID));
    await changed;
    assert.equal(auth.signedIn, false);
    const last = authApi.calls.at(-1);
    assert.ok(isSilent(last));
    assert.deepEqual(last?.scopes, [ARM_SCOPE, `VSCODE_TENANT:${TENANT_GUID}`]);
  });

  it('the token provider returns the session token, asks silently for the signed-in account, and again on forceRefresh', async () => {
    const a = session('account-a', 'alice@contoso.com');
    authApi.account = a;
    const auth = make();
    await auth.signInSilently();
    authApi.calls.length = 0;
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), a.accessToken);
    // The provider refreshed its token: the next request (and a retry after a 401) gets the new one.
    const a2 = refreshed(a);
    authApi.account = a2;
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: true }), a2.accessToken);
    assert.equal(authApi.calls.length, 2, 'one provider call per token request');
    for (const call of authApi.calls) {
      assert.ok(isSilent(call), `token requests are silent: ${JSON.stringify(call.options)}`);
      assert.equal(call.options.account?.id, 'account-a');
      assert.deepEqual(call.scopes, [ARM_SCOPE]);
    }
    assert.equal(auth.signedIn, true);
  });

  it('forceRefresh when the provider no longer has the account: undefined and signed out, without a prompt', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    await auth.signInSilently();
    authApi.account = undefined;
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: true }), undefined);
    assert.equal(auth.signedIn, false);
    assert.ok(authApi.calls.every(isSilent));
  });

  it('Sign Out forgets the session; later silent starts do not re-attach until Sign In', async () => {
    const a = session('account-a', 'alice@contoso.com');
    authApi.account = a;
    const auth = make();
    await auth.signInSilently();
    await auth.signOut();
    assert.equal(auth.signedIn, false);
    assert.equal(auth.accountLabel, undefined);
    const before = authApi.calls.length;
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), undefined);
    assert.equal(await auth.signInSilently(), false);
    // An account event (VS Code refreshed the session) does not bring it back either.
    authApi.fire('microsoft');
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(auth.signedIn, false);
    assert.equal(authApi.calls.length, before, 'a signed-out extension does not even ask silently');

    // A restart (new AzureAuth, same global state) stays signed out.
    const restarted = make();
    assert.equal(await restarted.signInSilently(), false);
    assert.equal(restarted.signedIn, false);

    authApi.interactive = a;
    assert.equal(await restarted.signIn(), true);
    assert.equal(restarted.accountLabel, 'alice@contoso.com');
    const again = make();
    assert.equal(await again.signInSilently(), true, 'after Sign In, a restart attaches silently again');
    assert.ok(lines.some((l) => /^info Signed out of Service Health/.test(l)));
  });

  it('session changes of the microsoft provider update the state: account removed, then another account', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    await auth.signInSilently();

    let changed = nextChange(auth);
    authApi.account = undefined;
    authApi.fire('microsoft');
    await changed;
    assert.equal(auth.signedIn, false);

    changed = nextChange(auth);
    authApi.account = session('account-c', 'carol@fabrikam.com');
    authApi.fire('microsoft');
    await changed;
    assert.equal(auth.accountLabel, 'carol@fabrikam.com');
    assert.equal(auth.accountId, 'account-c');

    // Another account replaces the current one.
    changed = nextChange(auth);
    const d = session('account-d', 'dave@fabrikam.com');
    authApi.account = d;
    authApi.fire('microsoft');
    await changed;
    assert.equal(auth.accountLabel, 'dave@fabrikam.com');
    assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), d.accessToken);
    assert.ok(authApi.calls.every(isSilent), 'session events never prompt');

    // Other providers' events are none of our business.
    const calls = authApi.calls.length;
    authApi.fire('github');
    authApi.fire('microsoft-sovereign-cloud');
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(authApi.calls.length, calls);
  });

  for (const [cloud, scope, env] of [
    ['AzureChinaCloud', 'https://management.chinacloudapi.cn/user_impersonation', 'ChinaCloud'],
    ['AzureUSGovernment', 'https://management.usgovcloudapi.net/user_impersonation', 'USGovernment'],
  ] as const) {
    it(`${cloud} signs in with microsoft-sovereign-cloud and the cloud's management scope`, async () => {
      const auth = make(target(cloud, TENANT_GUID));
      await auth.signInSilently();
      authApi.interactive = session('account-s', 'sam@contoso.partner');
      assert.equal(await auth.signIn(), true);
      assert.equal(await auth.tokenProvider.getToken({ forceRefresh: false }), authApi.account?.accessToken);
      assert.equal(authApi.calls.length, 3);
      for (const call of authApi.calls) {
        assert.equal(call.providerId, 'microsoft-sovereign-cloud');
        assert.deepEqual(call.scopes, [scope, `VSCODE_TENANT:${TENANT_GUID}`]);
      }
      // VS Code's sovereign provider signs in to the cloud its own setting names: Sign In says so when it differs.
      const configured = vscode.workspace.getConfiguration('microsoft-sovereign-cloud').get<string>('environment');
      const warned = lines.some((l) => l.startsWith('warn ') && l.includes('"microsoft-sovereign-cloud.environment"') && l.includes(`"${env}"`));
      assert.equal(warned, configured !== env, `configured environment ${String(configured)}`);

      // Session events of the public-cloud provider do not concern a sovereign sign-in.
      const calls = authApi.calls.length;
      authApi.fire('microsoft');
      await new Promise((r) => setTimeout(r, 0));
      assert.equal(authApi.calls.length, calls);
      const changed = nextChange(auth);
      authApi.account = undefined;
      authApi.fire('microsoft-sovereign-cloud');
      await changed;
      assert.equal(auth.signedIn, false);
    });
  }

  it('Sign Out during a token request: no token and no error, and the session does not come back', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    await auth.signInSilently();
    const release = authApi.pause();
    const pending = auth.tokenProvider.getToken({ forceRefresh: false });
    await auth.signOut();
    release();
    assert.equal(await pending, undefined);
    assert.equal(auth.signedIn, false);
  });

  it('Sign Out during a silent start: the late answer does not sign back in', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    const auth = make();
    const release = authApi.pause();
    const pending = auth.signInSilently();
    await auth.signOut();
    release();
    assert.equal(await pending, false);
    assert.equal(auth.signedIn, false);
  });

  it('a cloud change during a silent start: the answer for the old cloud is dropped', async () => {
    authApi.account = session('account-a', 'alice@contoso.com');
    authApi.holders = new Set(['microsoft']);
    const auth = make();
    const release = authApi.pause();
    const pending = auth.signInSilently();
    const retarget = auth.setTarget(target('AzureChinaCloud'));
    release();
    await Promise.all([pending, retarget]);
    assert.equal(auth.signedIn, false, 'a public-cloud session must not serve the sovereign cloud');
    assert.equal(authApi.calls.at(-1)?.providerId, 'microsoft-sovereign-cloud');
  });
});
