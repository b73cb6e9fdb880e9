/**
 * Loopback hosts, where plain http is acceptable for credentials (local test services):
 * 127.0.0.0/8, ::1 and `localhost` itself. Names under `.localhost` are not: whether they
 * resolve to loopback depends on the resolver, so a token could leave the machine unencrypted.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Why credentials may not go to `url`, or undefined when they may: only to the configured
 * origin, and only over https unless that origin is loopback.
 */
export function credentialRefusal(url: URL, configuredOrigin: string): 'foreign-origin' | 'insecure' | undefined {
  if (url.origin !== configuredOrigin) {
    return 'foreign-origin';
  }
  if (url.protocol === 'https:') {
    return undefined;
  }
  return url.protocol === 'http:' && isLoopbackHost(url.hostname) ? undefined : 'insecure';
}
