/**
 * The CLI in a corporate network: it reads HTTPS_PROXY/NO_PROXY and NODE_EXTRA_CA_CERTS from its
 * environment (there are no VS Code settings), and its proxy-authentication advice names the
 * proxy URL, not a VS Code setting.
 */
import assert from 'node:assert/strict';
import { runCli } from '../../../src/core/cli/runCli';
import { makeThrowawayCa, startConnectProxy, startHttpsService, SUBSCRIPTION, type ConnectProxy, type HttpsService, type ThrowawayCa } from './corpNetwork';

const TOKEN = 'cli-arm-token-abcdef';

async function cli(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, env });
  return { code, stdout, stderr };
}

describe('health-events CLI behind a corporate proxy', function () {
  this.timeout(20_000);
  let ca: ThrowawayCa;
  let service: HttpsService;
  let proxy: ConnectProxy | undefined;

  before(async () => {
    ca = makeThrowawayCa();
    service = await startHttpsService(ca);
  });
  after(async () => {
    await service.close();
    ca.remove();
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    service.seen.length = 0;
  });

  it('HTTPS_PROXY and NODE_EXTRA_CA_CERTS from the environment: subscriptions are listed through the tunnel', async () => {
    proxy = await startConnectProxy();
    const run = await cli(['subscriptions', '--endpoint', service.origin], { HEALTH_EVENTS_TOKEN: TOKEN, HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(SUBSCRIPTION.displayName));
    assert.equal(proxy.tunnels.length, 1);
    assert.equal(service.seen[0]?.headers.authorization, `Bearer ${TOKEN}`);
  });

  it('without NODE_EXTRA_CA_CERTS: exit 1 and one line saying the certificate is not trusted and what to set', async () => {
    proxy = await startConnectProxy();
    const run = await cli(['subscriptions', '--endpoint', service.origin], { HEALTH_EVENTS_TOKEN: TOKEN, HTTPS_PROXY: proxy.url });
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /^health-events subscriptions: The certificate of https:\/\/service\.internal\.test:\d+ is not trusted \(SELF_SIGNED_CERT_IN_CHAIN\); set NODE_EXTRA_CA_CERTS/);
    assert.ok(!run.stderr.includes(TOKEN));
  });

  it('NODE_EXTRA_CA_CERTS naming a missing file: a warning saying to fix the path, then the untrusted-certificate error', async () => {
    proxy = await startConnectProxy();
    const run = await cli(['subscriptions', '--endpoint', service.origin], {
      HEALTH_EVENTS_TOKEN: TOKEN,
      HTTPS_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: `${ca.dir}/missing.pem`,
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^warning: NODE_EXTRA_CA_CERTS \(.*missing\.pem\) could not be read \(ENOENT\); fix the path/);
    assert.match(run.stderr, /is not trusted/);
  });

  it('a proxy demanding authentication: the advice is credentials in the proxy URL, and no secret is printed', async () => {
    proxy = await startConnectProxy({ requireAuthorization: `Basic ${Buffer.from('u:right').toString('base64')}` });
    const wrong = proxy.url.replace('http://', 'http://u:wrong-pass@');
    const run = await cli(['subscriptions', '--endpoint', service.origin], { HEALTH_EVENTS_TOKEN: TOKEN, HTTPS_PROXY: wrong, NODE_EXTRA_CA_CERTS: ca.caFile });
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr.trim(),
      'health-events subscriptions: The proxy requires authentication (407); put the user name and password in the proxy URL (HTTPS_PROXY=http://user:password@proxy:port) and try again.',
    );
    assert.ok(!run.stderr.includes('wrong-pass') && !run.stderr.includes(TOKEN));
    assert.equal(service.seen.length, 0);
  });

  it('NO_PROXY naming the service: the CLI goes direct (and this internal name then does not resolve)', async () => {
    proxy = await startConnectProxy();
    const run = await cli(['subscriptions', '--endpoint', service.origin], {
      HEALTH_EVENTS_TOKEN: TOKEN,
      HTTPS_PROXY: proxy.url,
      NO_PROXY: '.internal.test',
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /could not be found \(ENOTFOUND\)/);
    assert.equal(proxy.tunnels.length, 0);
  });
});
