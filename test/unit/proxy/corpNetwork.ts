/**
 * A small corporate network on loopback, for the proxy and certificate tests:
 * - a throwaway root CA made at test time with the `openssl` CLI (Node cannot sign certificates),
 *   standing for an organisation's private CA that Node does not trust by default;
 * - an https service whose certificate that CA signed, for `service.internal.test` (a name that
 *   does not resolve on this machine: `.test` is reserved) and 127.0.0.1;
 * - a CONNECT proxy that alone maps `*.internal.test` to 127.0.0.1, records every tunnel (target,
 *   Proxy-Authorization, its outbound local port) and can demand credentials (407).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SERVICE_HOST = 'service.internal.test';
export const SUBSCRIPTION = { subscriptionId: '0b1f6471-1bf0-4dda-aec3-111122223333', displayName: 'Corp Production', state: 'Enabled' };

export interface ThrowawayCa {
  readonly dir: string;
  /** Path of the root CA in PEM: what NODE_EXTRA_CA_CERTS would name. */
  readonly caFile: string;
  readonly caPem: string;
  readonly key: string;
  /** Leaf certificate followed by the root, as TLS-inspecting proxies usually send the chain. */
  readonly certChain: string;
  remove(): void;
}

export function makeThrowawayCa(): ThrowawayCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'sh-ca-'));
  const run = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Service Health Test Corp Root CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  run('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${SERVICE_HOST}`);
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    `subjectAltName=DNS:${SERVICE_HOST},DNS:other.internal.test,DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf');
  const caPem = readFileSync(path.join(dir, 'ca.pem'), 'utf8');
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    caPem,
    key: readFileSync(path.join(dir, 'server.key'), 'utf8'),
    certChain: readFileSync(path.join(dir, 'server.pem'), 'utf8') + caPem,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ServiceRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** Port of the peer that connected to the service: the proxy's outbound socket when tunnelled. */
  readonly remotePort: number | undefined;
}

export interface HttpsService {
  readonly port: number;
  /** https://service.internal.test:PORT */
  readonly origin: string;
  readonly seen: ServiceRequest[];
  close(): Promise<void>;
}

export async function startHttpsService(ca: ThrowawayCa): Promise<HttpsService> {
  const seen: ServiceRequest[] = [];
  const server = https.createServer({ key: ca.key, cert: ca.certChain }, (req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, remotePort: req.socket.remotePort });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    // GET /subscriptions answers one ARM-shaped subscription (for the CLI); anything else echoes.
    res.end(JSON.stringify(req.url?.startsWith('/subscriptions') ? { value: [SUBSCRIPTION] } : { ok: true, path: req.url }));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `https://${SERVICE_HOST}:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Tunnel {
  /** host:port from the CONNECT line. */
  readonly target: string;
  readonly proxyAuthorization: string | undefined;
  /** 200 when the tunnel was opened, else the refusal status. */
  readonly status: number;
  /** Local port of the proxy's socket to the target (matches ServiceRequest.remotePort). */
  outboundPort?: number;
}

export interface ConnectProxy {
  /** http://127.0.0.1:PORT, or https://localhost:PORT for a TLS proxy. */
  readonly url: string;
  readonly port: number;
  readonly tunnels: Tunnel[];
  /** Requests that asked the proxy to forward plain HTTP (not expected: the client tunnels). */
  readonly forwarded: string[];
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** The exact Proxy-Authorization value required; others get 407. */
  readonly requireAuthorization?: string;
  /** Wait this long before answering CONNECT (a slow proxy); Infinity never answers (a dead one). */
  readonly answerDelayMs?: number;
  /** Serve the proxy itself over TLS with this key and certificate chain (an https:// proxy). */
  readonly tls?: { readonly key: string; readonly cert: string };
}

/** Host names only this proxy can resolve, as a corporate proxy resolves internal names. */
function resolveForProxy(host: string): string | undefined {
  return host.endsWith('.internal.test') || host === '127.0.0.1' ? '127.0.0.1' : undefined;
}

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const tunnels: Tunnel[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<net.Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    forwarded.push(`${req.method ?? ''} ${req.url ?? ''}`);
    res.writeHead(405).end();
  };
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, onRequest) : http.createServer(onRequest);
  server.on('tlsClientError', () => undefined);
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('error', () => undefined);
    const target = req.url ?? '';
    const auth = req.headers['proxy-authorization'];
    const refuse = (status: number, text: string, extra = ''): void => {
      tunnels.push({ target, proxyAuthorization: auth, status });
      client.end(`HTTP/1.1 ${status} ${text}\r\n${extra}Content-Length: 0\r\n\r\n`);
    };
    if (options.requireAuthorization !== undefined && auth !== options.requireAuthorization) {
      refuse(407, 'Proxy Authentication Required', 'Proxy-Authenticate: Basic realm="corp"\r\n');
      return;
    }
    const [host = '', portText = ''] = target.split(/:(?=\d+$)/);
    const address = resolveForProxy(host);
    if (!address) {
      refuse(502, 'Bad Gateway');
      return;
    }
    const tunnel: Tunnel = { target, proxyAuthorization: auth, status: 200 };
    tunnels.push(tunnel);
    const delay = options.answerDelayMs ?? 0;
    if (delay === Infinity) {
      return;
    }
    setTimeout(() => openTunnel(client, tunnel, address, Number(portText), head), delay);
  });
  const openTunnel = (client: net.Socket, tunnel: Tunnel, address: string, port: number, head: Buffer): void => {
    const upstream = net.connect(port, address, () => {
      tunnel.outboundPort = upstream.localPort;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        upstream.write(head);
      }
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // An https proxy by name: TLS server names must not be IP addresses (RFC 6066).
    url: options.tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    port,
    tunnels,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) {
          s.destroy();
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
