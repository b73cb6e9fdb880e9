/**
 * Corporate networks, end to end on loopback: a CONNECT proxy that alone resolves the service's
 * host name, an https service signed by a private CA made at test time, and the client's own
 * undici dispatcher built from VS Code-style settings or the environment.
 */
import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { NetworkError, OriginPolicyError } from '../../../src/core/http/errors';
import { describeNetwork, resolveNetwork, type Env, type ProxySettings } from '../../../src/core/http/network';
import {
  makeThrowawayCa,
  SERVICE_HOST,
  startConnectProxy,
  startHttpsService,
  type ConnectProxy,
  type HttpsService,
  type ThrowawayCa,
} from './corpNetwork';

const TOKEN = 'arm-token-0123456789';
const PROXY_AUTH = `Basic ${Buffer.from('corp-user:s3cret-proxy-pass').toString('base64')}`;
/** The test machine's own store must not decide the outcome. */
const noSystemStore = (): readonly string[] => [];

describe('corporate network: proxy and private CA', function () {
  this.timeout(20_000);
  let ca: ThrowawayCa;
  let service: HttpsService;
  let proxy: ConnectProxy | undefined;
  let client: ThrottledClient | undefined;
  const logLines: string[] = [];

  before(async () => {
    ca = makeThrowawayCa();
    service = await startHttpsService(ca);
  });
  after(async () => {
    await service.close();
    ca.remove();
  });
  beforeEach(() => {
    service.seen.length = 0;
    logLines.length = 0;
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await proxy?.close();
    proxy = undefined;
  });

  function clientFor(settings: ProxySettings | undefined, env: Env): ThrottledClient {
    const network = resolveNetwork({ ...(settings ? { settings } : {}), env, systemCertificates: noSystemStore });
    assert.deepEqual(network.problems, []);
    client = new ThrottledClient({
      origin: service.origin,
      tokenProvider: { getToken: async () => TOKEN },
      network,
      maxTransientRetries: 0,
      connectTimeoutMs: 5_000,
      requestTimeoutMs: 5_000,
      log: (line) => logLines.push(line),
    });
    return client;
  }

  const trustCa = (): Env => ({ NODE_EXTRA_CA_CERTS: ca.caFile });

  it('http.proxy set: every request to a host only the proxy resolves goes through a CONNECT tunnel and succeeds', async () => {
    proxy = await startConnectProxy();
    const c = clientFor({ proxy: proxy.url }, trustCa());
    for (let i = 0; i < 5; i++) {
      const res = await c.request({ method: 'GET', url: `/events?page=${i}` });
      assert.equal(res.status, 200);
    }
    // Five requests arrived, each on a connection the proxy opened for a tunnel to the service.
    assert.equal(service.seen.length, 5);
    assert.ok(proxy.tunnels.length >= 1 && proxy.tunnels.length <= 5, `tunnels: ${proxy.tunnels.length}`);
    assert.ok(proxy.tunnels.every((t) => t.target === `${SERVICE_HOST}:${service.port}` && t.status === 200));
    const tunnelPorts = new Set(proxy.tunnels.map((t) => t.outboundPort));
    assert.ok(service.seen.every((r) => tunnelPorts.has(r.remotePort)), 'a request reached the service outside a tunnel');
    assert.deepEqual(proxy.forwarded, []);
    // The token went to the service inside the tunnel, and not to the proxy.
    assert.ok(service.seen.every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
    assert.ok(proxy.tunnels.every((t) => t.proxyAuthorization === undefined));
  });

  it('HTTPS_PROXY in the environment (CLI, or VS Code with http.proxy empty) tunnels the same way; lowercase https_proxy wins', async () => {
    proxy = await startConnectProxy();
    const c = clientFor({ proxy: '' }, { ...trustCa(), https_proxy: proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9' });
    assert.equal((await c.request({ method: 'GET', url: '/x' })).status, 200);
    assert.equal(proxy.tunnels.length, 1);
    assert.equal(proxy.tunnels[0]?.target, `${SERVICE_HOST}:${service.port}`);
  });

  it('without a proxy the internal host name does not resolve: the error says so and names the proxy settings', async () => {
    proxy = await startConnectProxy();
    const c = clientFor(undefined, trustCa());
    await assert.rejects(c.request({ method: 'GET', url: '/x' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.code, 'ENOTFOUND');
      assert.match(e.message, /^The host of https:\/\/service\.internal\.test:\d+ could not be found \(ENOTFOUND\); .*set http\.proxy \(or HTTPS_PROXY\)/);
      return true;
    });
    assert.equal(proxy.tunnels.length, 0);
    assert.equal(service.seen.length, 0);
  });

  it('without the private CA the error says the certificate is not trusted and to set NODE_EXTRA_CA_CERTS; nothing reaches the service', async () => {
    proxy = await startConnectProxy();
    const c = clientFor({ proxy: proxy.url }, {});
    await assert.rejects(c.request({ method: 'GET', url: '/x' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.failure.kind, 'untrusted-certificate');
      assert.equal(
        e.message,
        `The certificate of ${service.origin} is not trusted (SELF_SIGNED_CERT_IN_CHAIN); set NODE_EXTRA_CA_CERTS to your organisation's CA file (PEM) and restart, or add that CA to the system certificate store.`,
      );
      assert.ok(!e.message.includes(TOKEN));
      return true;
    });
    // The tunnel was opened, but TLS inside it failed before any HTTP (and so before the token).
    assert.equal(proxy.tunnels.length, 1);
    assert.equal(service.seen.length, 0);
  });

  it('the system certificate store (where Node offers it) is trusted like NODE_EXTRA_CA_CERTS; http.systemCertificates false turns it off', async () => {
    proxy = await startConnectProxy();
    const withStore = resolveNetwork({ settings: { proxy: proxy.url }, env: {}, systemCertificates: () => [ca.caPem] });
    client = new ThrottledClient({ origin: service.origin, network: withStore, maxTransientRetries: 0 });
    assert.equal((await client.request({ method: 'GET', url: '/x' })).status, 200);
    await client.close();
    const storeOff = resolveNetwork({ settings: { proxy: proxy.url, systemCertificates: false }, env: {}, systemCertificates: () => [ca.caPem] });
    assert.equal(storeOff.ca, undefined);
    client = new ThrottledClient({ origin: service.origin, network: storeOff, maxTransientRetries: 0 });
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof NetworkError && e.failure.kind === 'untrusted-certificate');
  });

  it('http.noProxy / NO_PROXY: a listed host (exact or .suffix) is reached directly, bypassing the proxy', async () => {
    proxy = await startConnectProxy();
    for (const noProxy of [[SERVICE_HOST], ['.internal.test'], ['*.internal.test']]) {
      const c = clientFor({ proxy: proxy.url, noProxy }, trustCa());
      // Direct, the name does not resolve: proof the proxy was not used.
      await assert.rejects(c.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof NetworkError && e.code === 'ENOTFOUND');
      await c.close();
    }
    const env = resolveNetwork({ env: { HTTPS_PROXY: proxy.url, NO_PROXY: `example.org, ${SERVICE_HOST}` } });
    client = new ThrottledClient({ origin: service.origin, network: env, maxTransientRetries: 0 });
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof NetworkError && e.code === 'ENOTFOUND');
    assert.equal(proxy.tunnels.length, 0);
  });

  it('http.noProxy: a host that is not listed (another subdomain, a longer name) still goes through the proxy', async () => {
    proxy = await startConnectProxy();
    const c = clientFor({ proxy: proxy.url, noProxy: ['other.internal.test', 'internal.test.example', `${SERVICE_HOST}:1`] }, trustCa());
    assert.equal((await c.request({ method: 'GET', url: '/x' })).status, 200);
    assert.equal(proxy.tunnels.length, 1);
  });

  it('http.proxyAuthorization goes to the proxy in CONNECT and never to the service', async () => {
    proxy = await startConnectProxy({ requireAuthorization: PROXY_AUTH });
    const c = clientFor({ proxy: proxy.url, proxyAuthorization: PROXY_AUTH }, trustCa());
    assert.equal((await c.request({ method: 'GET', url: '/a' })).status, 200);
    assert.equal((await c.request({ method: 'GET', url: '/b' })).status, 200);
    assert.ok(proxy.tunnels.length >= 1);
    assert.ok(proxy.tunnels.every((t) => t.proxyAuthorization === PROXY_AUTH && t.status === 200));
    assert.equal(service.seen.length, 2);
    for (const r of service.seen) {
      assert.equal(r.headers['proxy-authorization'], undefined);
      assert.ok(!JSON.stringify(r.headers).includes('s3cret'), 'proxy credentials reached the service');
    }
    const logged = logLines.join('\n');
    assert.ok(!logged.includes(PROXY_AUTH) && !logged.includes(TOKEN), logged);
  });

  it('credentials in the proxy URL (HTTPS_PROXY=http://user:password@host:port, the CLI way) become Basic proxy authorization', async () => {
    proxy = await startConnectProxy({ requireAuthorization: PROXY_AUTH });
    const withCreds = proxy.url.replace('http://', 'http://corp-user:s3cret-proxy-pass@');
    const c = clientFor(undefined, { ...trustCa(), HTTPS_PROXY: withCreds });
    assert.equal((await c.request({ method: 'GET', url: '/a' })).status, 200);
    assert.equal(proxy.tunnels[0]?.proxyAuthorization, PROXY_AUTH);
    assert.equal(service.seen[0]?.headers['proxy-authorization'], undefined);
    const description = describeNetwork(resolveNetwork({ env: { HTTPS_PROXY: withCreds } }));
    assert.ok(!description.includes('s3cret') && !description.includes('corp-user'), description);
    assert.match(description, /proxy http:\/\/127\.0\.0\.1:\d+ \(with credentials\) from environment/);
  });

  it('a proxy that demands authentication (407) gives one sentence naming http.proxyAuthorization, without the credential tried', async () => {
    proxy = await startConnectProxy({ requireAuthorization: PROXY_AUTH });
    for (const settings of [{ proxy: proxy.url }, { proxy: proxy.url, proxyAuthorization: 'Basic d3Jvbmc6d3Jvbmc=' }]) {
      const c = clientFor(settings, trustCa());
      await assert.rejects(c.request({ method: 'GET', url: '/x' }), (e: unknown) => {
        assert.ok(e instanceof NetworkError);
        assert.equal(e.failure.kind, 'proxy-auth');
        assert.match(e.message, /^The proxy requires authentication \(407\) to reach https:\/\/service\.internal\.test:\d+; set http\.proxyAuthorization/);
        assert.ok(!e.message.includes('d3Jvbmc6d3Jvbmc=') && !e.message.includes(TOKEN));
        return true;
      });
      await c.close();
    }
    assert.equal(service.seen.length, 0);
  });

  it('a proxy that refuses the target (502) says so with the status, not as a certificate or DNS problem', async () => {
    proxy = await startConnectProxy();
    client = new ThrottledClient({
      origin: 'https://outside.example.org',
      network: resolveNetwork({ settings: { proxy: proxy.url }, env: {} }),
      maxTransientRetries: 0,
    });
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.deepEqual(e.failure, { kind: 'proxy-refused', status: 502 });
      assert.match(e.message, /^The proxy refused the connection to https:\/\/outside\.example\.org \(HTTP 502\); /);
      return true;
    });
  });

  it('through a proxy the token still goes only to the configured https origin: a foreign origin is refused before any tunnel', async () => {
    proxy = await startConnectProxy();
    const c = clientFor({ proxy: proxy.url }, trustCa());
    await assert.rejects(c.request({ method: 'GET', url: `https://other.internal.test:${service.port}/steal` }), OriginPolicyError);
    assert.equal(proxy.tunnels.length, 0);
    // Plain http to a non-loopback host is refused too, proxy or not.
    client = new ThrottledClient({
      origin: `http://${SERVICE_HOST}:${service.port}`,
      tokenProvider: { getToken: async () => TOKEN },
      network: resolveNetwork({ settings: { proxy: proxy.url }, env: {} }),
    });
    await c.close();
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof OriginPolicyError && /plain HTTP/.test(e.message));
    assert.equal(proxy.tunnels.length, 0);
  });

  it('http.proxyStrictSSL false skips verifying an https proxy\'s own certificate, but never the service\'s', async () => {
    proxy = await startConnectProxy({ tls: { key: ca.key, cert: ca.certChain } });
    // Strict (default), proxy CA not trusted: refused at the proxy, before any tunnel.
    const strict = clientFor({ proxy: proxy.url }, {});
    await assert.rejects(strict.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof NetworkError && e.failure.kind === 'untrusted-certificate');
    assert.equal(proxy.tunnels.length, 0);
    await strict.close();
    // Not strict: the proxy is accepted, the tunnel opens, and the service's certificate is still checked.
    const lax = clientFor({ proxy: proxy.url, proxyStrictSSL: false }, {});
    await assert.rejects(lax.request({ method: 'GET', url: '/x' }), (e: unknown) => e instanceof NetworkError && e.failure.kind === 'untrusted-certificate');
    assert.equal(proxy.tunnels.length, 1);
    assert.equal(service.seen.length, 0);
    await lax.close();
    // Not strict, service CA trusted: succeeds through the https proxy.
    const ok = clientFor({ proxy: proxy.url, proxyStrictSSL: false }, trustCa());
    assert.equal((await ok.request({ method: 'GET', url: '/x' })).status, 200);
    assert.equal(service.seen.length, 1);
  });

  it('loopback is always reached directly, even with a proxy and no NO_PROXY (local test services, the sample)', async () => {
    proxy = await startConnectProxy();
    client = new ThrottledClient({
      origin: `https://127.0.0.1:${service.port}`,
      network: resolveNetwork({ settings: { proxy: proxy.url }, env: trustCa(), systemCertificates: noSystemStore }),
    });
    assert.equal((await client.request({ method: 'GET', url: '/x' })).status, 200);
    assert.equal(proxy.tunnels.length, 0);
  });

  it('a proxy that accepts but never answers CONNECT fails within the connect timeout (plus retries), naming the proxy', async () => {
    proxy = await startConnectProxy({ answerDelayMs: Infinity });
    client = new ThrottledClient({
      origin: service.origin,
      network: resolveNetwork({ settings: { proxy: proxy.url }, env: trustCa(), systemCertificates: noSystemStore }),
      maxTransientRetries: 0,
      connectTimeoutMs: 500,
      requestTimeoutMs: 10_000,
    });
    await assert.rejects(client.request({ method: 'GET', url: '/x' }), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.failure.kind, 'proxy-silent');
      // The connect timeout ended it (UND_ERR_CONNECT_TIMEOUT), not the 10 s request timeout nor undici's own 300 s.
      assert.match(e.message, /^The proxy did not answer in time when connecting to https:\/\/service\.internal\.test:\d+ \(UND_ERR_CONNECT_TIMEOUT\); check http\.proxy/);
      return true;
    });
    // It waited on the proxy: one CONNECT to the service, never answered, and nothing else (no retry, no direct route).
    assert.deepEqual(proxy.tunnels.map((t) => [t.target, t.status, t.outboundPort]), [[`service.internal.test:${new URL(service.origin).port}`, 200, undefined]]);
  });

  it('a slow proxy that answers CONNECT within the connect timeout still gets the request through', async () => {
    proxy = await startConnectProxy({ answerDelayMs: 300 });
    client = new ThrottledClient({
      origin: service.origin,
      network: resolveNetwork({ settings: { proxy: proxy.url }, env: trustCa(), systemCertificates: noSystemStore }),
      maxTransientRetries: 0,
      connectTimeoutMs: 3_000,
    });
    assert.equal((await client.request({ method: 'GET', url: '/x' })).status, 200);
    assert.equal(proxy.tunnels.length, 1);
  });
});
