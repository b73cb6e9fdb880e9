import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** Virtual time (the test's clock) when the request arrived. */
  readonly at: number;
}

export interface Loopback {
  readonly origin: string;
  readonly seen: SeenRequest[];
  /** Resolves once `n` requests have arrived (at once if they have): driven by arrivals, not by time. */
  arrivals(n: number): Promise<void>;
  close(): Promise<void>;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse, index: number) => void;

/** A real HTTP server on 127.0.0.1 with a random port that records every request. */
export async function startLoopback(handler: Handler, now: () => number = Date.now): Promise<Loopback> {
  const seen: SeenRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: now(),
      };
      seen.push(entry);
      handler(entry, res, seen.length - 1);
      for (const w of waiters.filter((x) => seen.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    arrivals: (n) => (seen.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(res: http.ServerResponse, status: number, headers: Record<string, string> = {}, body = '{}'): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}
