/** A loopback HTTP server whose answers a test scripts, recording every request it gets. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query exactly as received (not re-encoded). */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface ScriptedReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are. */
  readonly body?: unknown;
}

export interface ScriptedServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(
  handler: (req: RecordedRequest, origin: string) => ScriptedReply | Promise<ScriptedReply>,
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      Promise.resolve(handler(recorded, origin)).then(
        (reply) => {
          const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          const headers = { 'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json', ...reply.headers };
          res.writeHead(reply.status ?? 200, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
