/**
 * NetworkCache: the network set-up (proxy, trusted roots) is resolved once for repeated applies
 * with the same settings and environment, and again as soon as anything resolveNetwork reads
 * changes, so a proxy or certificate change still reaches the next client.
 */
import assert from 'node:assert/strict';
import type { Env, ProxySettings } from '../../../src/core/http/network';
import { NetworkCache } from '../../../src/core/http/networkCache';

const PEM = '-----BEGIN CERTIFICATE-----\nserviceHealthCacheTest\n-----END CERTIFICATE-----';

/** A cache whose system store and CA file count how often they are read. */
function countingCache(): { cache: NetworkCache; reads: { system: number; file: number } } {
  const reads = { system: 0, file: 0 };
  const cache = new NetworkCache({
    systemCertificates: () => {
      reads.system++;
      return [PEM];
    },
    readFile: () => {
      reads.file++;
      return PEM.replace('Cache', 'File');
    },
  });
  return { cache, reads };
}

describe('network set-up cache', () => {
  it('two applies with unchanged settings and environment resolve once (one system store read) and share the result', () => {
    const { cache, reads } = countingCache();
    const first = cache.get({ proxy: 'http://proxy.corp.example:8080', proxyStrictSSL: true }, { NODE_EXTRA_CA_CERTS: '/corp/ca.pem' });
    // Equal values in new objects, as readProxySettings() and process.env give on each apply.
    const second = cache.get({ proxy: 'http://proxy.corp.example:8080', proxyStrictSSL: true }, { NODE_EXTRA_CA_CERTS: '/corp/ca.pem', EDITOR: 'vim' });
    assert.deepEqual(reads, { system: 1, file: 1 });
    assert.equal(second, first);
    assert.equal(first.config.httpsProxy, 'http://proxy.corp.example:8080/');
    assert.ok(first.config.ca?.some((c) => c.includes('serviceHealthCacheTest')) && first.config.ca.some((c) => c.includes('serviceHealthFileTest')));
  });

  const base: ProxySettings = { proxy: 'http://proxy.corp.example:8080', proxyStrictSSL: true, systemCertificates: true };
  // The environment's proxy counts only while http.proxy is empty.
  const viaEnv: ProxySettings = { ...base, proxy: '' };
  const changes: readonly { readonly what: string; readonly from?: ProxySettings; readonly settings?: ProxySettings; readonly env?: Env }[] = [
    { what: 'http.proxy', settings: { ...base, proxy: 'http://other.corp.example:3128' } },
    { what: 'http.proxyStrictSSL', settings: { ...base, proxyStrictSSL: false } },
    { what: 'http.noProxy', settings: { ...base, noProxy: ['*.corp.example'] } },
    { what: 'http.proxyAuthorization', settings: { ...base, proxyAuthorization: 'Basic dXNlcjpwYXNz' } },
    { what: 'http.proxySupport', settings: { ...base, proxySupport: 'off' } },
    { what: 'HTTPS_PROXY', from: viaEnv, env: { https_proxy: 'http://env.corp.example:1' } },
    { what: 'NO_PROXY', env: { NO_PROXY: 'internal.example' } },
    { what: 'NODE_EXTRA_CA_CERTS', env: { NODE_EXTRA_CA_CERTS: '/corp/ca.pem' } },
  ];
  for (const change of changes) {
    it(`a change of ${change.what} resolves again, and the changed set-up is then kept`, () => {
      const { cache, reads } = countingCache();
      const from = change.from ?? base;
      const to = change.settings ?? from;
      const before = cache.get(from, {});
      const after = cache.get(to, change.env ?? {});
      assert.equal(reads.system, 2, 'the change was not resolved again');
      assert.notEqual(after.fingerprint, before.fingerprint, 'the changed set-up would not make a new client');
      assert.equal(cache.get(to, { ...change.env }), after);
      assert.equal(reads.system, 2, 'the unchanged set-up was resolved again');
    });
  }

  it('http.systemCertificates turned off resolves again without reading the store, and on again reads it again', () => {
    const { cache, reads } = countingCache();
    const on = cache.get(base, {});
    const off = cache.get({ ...base, systemCertificates: false }, {});
    assert.equal(reads.system, 1);
    assert.equal(off.config.ca, undefined, "the system store's roots stayed trusted after http.systemCertificates was turned off");
    assert.notEqual(off.fingerprint, on.fingerprint);
    cache.get(base, {});
    assert.equal(reads.system, 2);
  });
});
