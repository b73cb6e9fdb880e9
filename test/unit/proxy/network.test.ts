/**
 * How settings and environment become the client's network set-up (network.ts), and that
 * building a proxying client leaves the process-wide undici dispatcher and fetch alone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as tls from 'node:tls';
import { describeNetwork, redactProxyUrl, resolveNetwork, splitPem } from '../../../src/core/http/network';

const none = (): readonly string[] => [];

describe('network settings resolution', () => {
  it('http.proxy wins over the environment, for http and https targets alike', () => {
    const n = resolveNetwork({ settings: { proxy: 'http://proxy.corp.example:8080' }, env: { HTTPS_PROXY: 'http://env:1', HTTP_PROXY: 'http://env:2' } });
    assert.equal(n.httpsProxy, 'http://proxy.corp.example:8080/');
    assert.equal(n.httpProxy, 'http://proxy.corp.example:8080/');
    assert.equal(n.proxySource, 'http.proxy');
  });

  it('empty http.proxy falls back to the environment, as VS Code does: lowercase first, HTTPS_PROXY for https, else HTTP_PROXY', () => {
    const both = resolveNetwork({ settings: { proxy: '  ' }, env: { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1', HTTP_PROXY: 'http://plain:2' } });
    assert.equal(both.httpsProxy, 'http://lower:1/');
    assert.equal(both.httpProxy, 'http://plain:2/');
    assert.equal(both.proxySource, 'environment');
    const onlyHttp = resolveNetwork({ env: { HTTP_PROXY: 'http://plain:2' } });
    assert.equal(onlyHttp.httpsProxy, 'http://plain:2/');
    const nothing = resolveNetwork({ env: { HTTPS_PROXY: '', HTTP_PROXY: '' } });
    assert.equal(nothing.proxySource, 'none');
    assert.equal(nothing.httpsProxy, undefined);
  });

  it("http.proxySupport 'off' (proxies turned off for extensions) goes direct despite http.proxy and the environment; the other values use the proxy", () => {
    const env = { HTTPS_PROXY: 'http://env:1' };
    const off = resolveNetwork({ settings: { proxy: 'http://proxy.corp.example:8080', proxySupport: 'off' }, env });
    assert.equal(off.httpsProxy, undefined);
    assert.equal(off.httpProxy, undefined);
    assert.equal(off.proxySource, 'http.proxySupport off');
    assert.match(describeNetwork(off), /direct connections \(http\.proxySupport is off\)/);
    assert.equal(resolveNetwork({ settings: { proxySupport: 'off' }, env }).httpsProxy, undefined);
    for (const value of ['on', 'fallback', 'override', undefined]) {
      assert.equal(resolveNetwork({ settings: { proxySupport: value }, env }).httpsProxy, 'http://env:1/', String(value));
      assert.equal(resolveNetwork({ settings: { proxy: 'http://p:2', proxySupport: value }, env }).httpsProxy, 'http://p:2/', String(value));
    }
  });

  it('a bare host:port proxy means http://; a socks or unparsable proxy is reported and not used', () => {
    assert.equal(resolveNetwork({ settings: { proxy: 'proxy.corp.example:3128' }, env: {} }).httpsProxy, 'http://proxy.corp.example:3128/');
    const socks = resolveNetwork({ settings: { proxy: 'socks5://proxy:1080' }, env: {} });
    assert.equal(socks.httpsProxy, undefined);
    assert.deepEqual(socks.problems, ['The proxy in http.proxy uses socks5, which is not supported, so connections go direct; use an http:// or https:// proxy.']);
    const broken = resolveNetwork({ env: { HTTPS_PROXY: 'http://[::1' } });
    assert.match(broken.problems[0] ?? '', /^The proxy in HTTPS_PROXY is not a valid URL, so connections go direct; set it to a URL such as/);
  });

  it('noProxy joins http.noProxy and NO_PROXY and always adds loopback; NO_PROXY=* turns the proxy off', () => {
    const n = resolveNetwork({ settings: { proxy: 'http://p:1', noProxy: ['*.corp.example', 'build:8443'] }, env: { NO_PROXY: 'a.example, b.example' } });
    assert.equal(n.noProxy, '*.corp.example,build:8443,a.example,b.example,localhost,127.0.0.1,[::1]');
    const star = resolveNetwork({ env: { HTTPS_PROXY: 'http://p:1', no_proxy: '*' } });
    assert.equal(star.proxySource, 'none');
    assert.equal(star.httpsProxy, undefined);
  });

  it('proxyStrictSSL defaults to true and only an explicit false turns it off; an empty authorization is none', () => {
    assert.equal(resolveNetwork({ env: {} }).proxyStrictSSL, true);
    assert.equal(resolveNetwork({ settings: {}, env: {} }).proxyStrictSSL, true);
    assert.equal(resolveNetwork({ settings: { proxyStrictSSL: false }, env: {} }).proxyStrictSSL, false);
    assert.equal(resolveNetwork({ settings: { proxyAuthorization: ' ' }, env: {} }).proxyAuthorization, undefined);
  });

  it("trusted roots: Node's defaults untouched when nothing is added; NODE_EXTRA_CA_CERTS and the system store add to Node's roots", () => {
    assert.equal(resolveNetwork({ env: {}, systemCertificates: none }).ca, undefined);
    const pem = '-----BEGIN CERTIFICATE-----\nserviceHealthTestA\n-----END CERTIFICATE-----';
    const two = `${pem}\r\n${pem.replace('TestA', 'TestB')}\n`;
    const n = resolveNetwork({ env: { NODE_EXTRA_CA_CERTS: '/corp/ca.pem' }, readFile: () => two, systemCertificates: () => [pem.replace('TestA', 'TestC')] });
    const ca = n.ca ?? [];
    // A `ca` list replaces Node's store, so Node's own roots must be in it too.
    assert.ok(tls.rootCertificates.length > 100 && tls.rootCertificates.every((c) => ca.includes(c)));
    for (const body of ['serviceHealthTestA', 'serviceHealthTestB', 'serviceHealthTestC']) {
      assert.equal(ca.filter((c) => c.includes(body)).length, 1, body);
    }
    assert.deepEqual(n.caNotes, ['2 from NODE_EXTRA_CA_CERTS', '1 from the system store']);
    // The same certificate from both sources is kept once.
    const dup = resolveNetwork({ env: { NODE_EXTRA_CA_CERTS: '/x' }, readFile: () => `${pem}\n${pem}`, systemCertificates: () => [pem] }).ca ?? [];
    assert.equal(dup.filter((c) => c.includes('serviceHealthTestA')).length, 1);
  });

  it('NODE_EXTRA_CA_CERTS without a PEM certificate, or unreadable, is reported with what to fix', () => {
    const empty = resolveNetwork({ env: { NODE_EXTRA_CA_CERTS: '/corp/ca.der' }, readFile: () => 'binary', systemCertificates: none });
    assert.deepEqual(empty.problems, ["NODE_EXTRA_CA_CERTS (/corp/ca.der) holds no PEM certificate; point it to your organisation's CA file in PEM format."]);
    assert.equal(empty.ca, undefined);
    const missing = resolveNetwork({
      env: { NODE_EXTRA_CA_CERTS: '/nope.pem' },
      readFile: () => {
        throw Object.assign(new Error('gone'), { code: 'ENOENT' });
      },
      systemCertificates: none,
    });
    assert.deepEqual(missing.problems, ["NODE_EXTRA_CA_CERTS (/nope.pem) could not be read (ENOENT); fix the path to your organisation's CA file."]);
  });

  it('splitPem finds each certificate of a bundle and nothing in other text', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nQQ==\n-----END CERTIFICATE-----';
    assert.equal(splitPem(`junk\n${pem}\n${pem}\n`).length, 2);
    assert.equal(splitPem('-----BEGIN PRIVATE KEY-----\nQQ==\n-----END PRIVATE KEY-----').length, 0);
  });

  it('the log line names the proxy and sources but never user, password or the authorization value', () => {
    const n = resolveNetwork({
      settings: { proxy: 'http://alice:hunter2@proxy.corp.example:8080', proxyAuthorization: 'Negotiate c2VjcmV0LXRpY2tldA==', proxyStrictSSL: false },
      env: {},
      systemCertificates: none,
    });
    const line = describeNetwork(n);
    assert.equal(
      line,
      "Network: proxy http://proxy.corp.example:8080 (with credentials) from http.proxy; bypassed for localhost,127.0.0.1,[::1]; proxy authorization set; the proxy's own certificate is not verified; trusted roots: Node's defaults.",
    );
    assert.equal(redactProxyUrl('not a url'), '(invalid URL)');
    assert.equal(describeNetwork(resolveNetwork({ env: {}, systemCertificates: none })), "Network: direct connections (no proxy); trusted roots: Node's defaults.");
  });
});

describe('proxying client and the process-wide dispatcher', () => {
  // A fresh process: in mocha, other test files import undici's index, which patches
  // Dispatcher.prototype (connect, request...) and would hide a dependency on that side effect.
  it("a tunnelled request in a fresh process works without undici's index and leaves the global dispatcher and fetch untouched", function () {
    this.timeout(20_000);
    const http = path.resolve(__dirname, '../../../src/core/http');
    const script = `
      const nodeHttp = require('node:http');
      const key = Symbol.for('undici.globalDispatcher.1');
      const fetchBefore = globalThis.fetch;
      const before = globalThis[key];
      const { ThrottledClient } = require(${JSON.stringify(path.join(http, 'client.js'))});
      const { resolveNetwork } = require(${JSON.stringify(path.join(http, 'network.js'))});
      const { startConnectProxy } = require(${JSON.stringify(path.join(__dirname, 'corpNetwork.js'))});
      const tls = require('node:tls');
      const server = nodeHttp.createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', async () => {
        const proxy = await startConnectProxy();
        const network = resolveNetwork({ settings: { proxy: proxy.url, proxyAuthorization: 'Basic eA==' }, env: {},
          systemCertificates: () => [tls.rootCertificates[0]] });
        const c = new ThrottledClient({ origin: 'http://service.internal.test:' + server.address().port, network, maxTransientRetries: 0 });
        let status;
        try { status = (await c.request({ method: 'GET', url: '/' })).status; } catch (e) { status = String(e.cause ?? e); }
        await c.close();
        await proxy.close();
        server.close();
        const undiciIndexLoaded = Object.keys(require.cache).some((f) => f.endsWith(require('node:path').join('undici', 'index.js')));
        console.log(JSON.stringify({ before: typeof before, after: typeof globalThis[key], sameFetch: globalThis.fetch === fetchBefore,
          status, tunnels: proxy.tunnels.map((t) => t.proxyAuthorization), undiciIndexLoaded }));
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim()), {
      before: 'undefined',
      after: 'undefined',
      sameFetch: true,
      status: 200,
      tunnels: ['Basic eA=='],
      undiciIndexLoaded: false,
    });
  });
});
