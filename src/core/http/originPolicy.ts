/** Loopback hosts, where plain http is acceptable for credentials (local test services). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
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
