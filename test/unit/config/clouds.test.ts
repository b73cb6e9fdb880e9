import assert from 'node:assert/strict';
import { armScopes, checkEndpoint, CLOUD_NAMES, cloudConfig, isValidTenant, type CloudName } from '../../../src/ui/config/clouds';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

const EXPECTED: Record<CloudName, { provider: string; management: string; portal: string; environment?: string }> = {
  AzureCloud: { provider: 'microsoft', management: 'https://management.azure.com', portal: 'https://portal.azure.com' },
  AzureChinaCloud: {
    provider: 'microsoft-sovereign-cloud',
    management: 'https://management.chinacloudapi.cn',
    portal: 'https://portal.azure.cn',
    environment: 'ChinaCloud',
  },
  AzureUSGovernment: {
    provider: 'microsoft-sovereign-cloud',
    management: 'https://management.usgovcloudapi.net',
    portal: 'https://portal.azure.us',
    environment: 'USGovernment',
  },
};

describe('cloudConfig', () => {
  it('gives each cloud its sign-in provider, ARM origin, portal and sovereign environment', () => {
    assert.deepEqual([...CLOUD_NAMES].sort(), Object.keys(EXPECTED).sort());
    for (const name of CLOUD_NAMES) {
      const c = cloudConfig(name);
      const e = EXPECTED[name];
      assert.equal(c.name, name);
      assert.equal(c.authProviderId, e.provider, name);
      assert.equal(c.managementUrl, e.management, name);
      assert.equal(c.portalUrl, e.portal, name);
      assert.equal(c.sovereignEnvironment, e.environment, name);
      // Origins without a trailing slash: paths and scopes are appended to them.
      assert.equal(new URL(c.managementUrl).origin, c.managementUrl);
      assert.equal(new URL(c.portalUrl).origin, c.portalUrl);
    }
  });

  it('falls back to the public cloud for anything that is not a cloud name, including Object.prototype keys', () => {
    for (const name of [undefined, null, 42, '', 'azurecloud', 'AzureGermanCloud', 'constructor', 'toString', '__proto__', 'hasOwnProperty', {}]) {
      const c = cloudConfig(name);
      assert.equal(c.name, 'AzureCloud', String(name));
      assert.equal(c.managementUrl, 'https://management.azure.com', String(name));
    }
  });
});

describe('armScopes', () => {
  it("is the cloud's user_impersonation scope alone without a tenant", () => {
    assert.deepEqual(armScopes(cloudConfig('AzureCloud'), undefined), ['https://management.azure.com/user_impersonation']);
    assert.deepEqual(armScopes(cloudConfig('AzureChinaCloud'), undefined), ['https://management.chinacloudapi.cn/user_impersonation']);
    assert.deepEqual(armScopes(cloudConfig('AzureUSGovernment'), ''), ['https://management.usgovcloudapi.net/user_impersonation']);
    assert.deepEqual(armScopes(cloudConfig('AzureCloud'), '   '), ['https://management.azure.com/user_impersonation']);
  });

  it('adds VSCODE_TENANT:<tenant> for a GUID or a domain, trimmed, in every cloud', () => {
    for (const name of CLOUD_NAMES) {
      const base = `${EXPECTED[name].management}/user_impersonation`;
      assert.deepEqual(armScopes(cloudConfig(name), TENANT), [base, `VSCODE_TENANT:${TENANT}`]);
      assert.deepEqual(armScopes(cloudConfig(name), ` contoso.onmicrosoft.com `), [base, 'VSCODE_TENANT:contoso.onmicrosoft.com']);
    }
    assert.deepEqual(armScopes(cloudConfig('AzureCloud'), TENANT.toUpperCase()), ['https://management.azure.com/user_impersonation', `VSCODE_TENANT:${TENANT.toUpperCase()}`]);
  });

  it('never passes an invalid tenant into a scope', () => {
    for (const tenant of ['contoso', 'contoso.com VSCODE_TENANT:evil.com', 'a b.com', 'https://login.microsoftonline.com/x', '72f988bf-86f1-41af', '../x.com', 'x.com\nVSCODE_CLIENT_ID:y', 'common/x.com']) {
      assert.deepEqual(armScopes(cloudConfig('AzureCloud'), tenant), ['https://management.azure.com/user_impersonation'], JSON.stringify(tenant));
    }
  });
});

describe('isValidTenant', () => {
  it('accepts GUIDs and domain names, and nothing with spaces, slashes or colons', () => {
    for (const ok of [TENANT, TENANT.toUpperCase(), 'contoso.com', 'contoso.onmicrosoft.com', 'sub-1.contoso.co.uk']) {
      assert.equal(isValidTenant(ok), true, ok);
    }
    for (const bad of ['', 'contoso', ' contoso.com', 'contoso.com/x', 'a:b.com', 'x.c', `${TENANT}x`, 'VSCODE_TENANT:contoso.com']) {
      assert.equal(isValidTenant(bad), false, bad);
    }
  });
});

describe('checkEndpoint', () => {
  function ok(raw: string): string {
    const r = checkEndpoint(raw);
    assert.ok(r.ok, `${raw} was refused: ${r.ok ? '' : r.message}`);
    return r.origin;
  }
  function refused(raw: string): string {
    const r = checkEndpoint(raw);
    assert.ok(!r.ok, `${raw} was accepted as ${r.ok ? r.origin : ''}`);
    // One sentence that names the setting and says what to do.
    assert.match(r.message, /^The setting serviceHealth\.endpoint [^\n]+\.$/, raw);
    return r.message;
  }

  it('accepts https anywhere and keeps only the origin', () => {
    assert.equal(ok('https://management.azure.com'), 'https://management.azure.com');
    assert.equal(ok('https://management.azure.com/'), 'https://management.azure.com');
    assert.equal(ok('  https://arm-proxy.contoso.com:8443/  '), 'https://arm-proxy.contoso.com:8443');
    assert.equal(ok('HTTPS://Management.Azure.COM'), 'https://management.azure.com');
    assert.equal(ok('https://10.0.0.5'), 'https://10.0.0.5');
    assert.equal(ok('https://[2001:db8::1]'), 'https://[2001:db8::1]');
  });

  it('accepts plain http only on loopback: 127.0.0.0/8, ::1 and localhost', () => {
    assert.equal(ok('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
    assert.equal(ok('http://127.5.6.7'), 'http://127.5.6.7');
    assert.equal(ok('http://[::1]:3000/'), 'http://[::1]:3000');
    assert.equal(ok('http://localhost:7071'), 'http://localhost:7071');
    assert.equal(ok('http://LOCALHOST'), 'http://localhost');
  });

  it('refuses plain http off loopback, including names that only look local', () => {
    for (const raw of [
      'http://management.azure.com',
      'http://10.0.0.5',
      'http://192.168.1.10:8080',
      'http://128.0.0.1',
      'http://[::2]',
      'http://[fe80::1]',
      'http://0.0.0.0',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      // Resolved through DNS unless the resolver special-cases .localhost: not provably loopback.
      'http://proxy.localhost:8080',
    ]) {
      assert.match(refused(raw), /must use https \(plain http only on 127\.0\.0\.1 or localhost\)/, raw);
    }
  });

  it('refuses a user name or password, even on https', () => {
    for (const raw of ['https://user:secret@management.azure.com', 'https://user@management.azure.com', 'http://:pw@127.0.0.1']) {
      const message = refused(raw);
      assert.match(message, /must not contain a user name or password/, raw);
      assert.doesNotMatch(message, /secret/);
    }
  });

  it('refuses a path', () => {
    for (const raw of ['https://management.azure.com/subscriptions', 'https://proxy.contoso.com/arm/', 'http://127.0.0.1:8080/x']) {
      assert.match(refused(raw), /must be an origin without a path/, raw);
    }
  });

  it('refuses other schemes with the https sentence, and text that is not a URL', () => {
    for (const raw of ['ftp://management.azure.com', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://127.0.0.1:8080', 'data:text/plain,x', 'vscode://x']) {
      assert.match(refused(raw), /must use https/, raw);
    }
    for (const raw of ['management.azure.com', '', '   ', 'https://', '//management.azure.com', 'https://exa mple.com']) {
      assert.match(refused(raw), /is not a URL; set it to an https URL/, JSON.stringify(raw));
    }
  });
});
