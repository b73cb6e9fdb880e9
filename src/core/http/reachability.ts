/**
 * Whether anything listens at an origin, without sending a request (so no credentials, and
 * nothing a service could log): a DNS lookup and a TCP connection, closed at once. Only
 * meaningful without a proxy: behind one, the direct connection may fail while the proxy reaches it.
 */
import { connect } from 'node:net';
import { NetworkError } from './errors';

/** Resolves to undefined when a connection opened, else the NetworkError a request would have met. */
export function checkReachable(origin: string, timeoutMs = 5_000): Promise<NetworkError | undefined> {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: NetworkError | undefined): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // A silent network is not proof of a dead endpoint: say nothing rather than guess.
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => done(new NetworkError(url.origin, error.code, error)));
  });
}
