/** How the client reaches the network. Why: docs/architecture.md#http-network */
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { skipInterimContinue } from './interimAnswers';
import { newAgent, newConnector, newEnvHttpProxyAgent, proxyClientFactory, type Dispatcher, type EnvHttpProxyAgentOptions } from './undiciParts';
import { append } from '../text/lists';

/** VS Code's `http.*` settings, as the UI layer read them. */
export interface ProxySettings {
  /** `http.proxy`; empty or absent: use the environment, as VS Code does. */
  readonly proxy?: string | undefined;
  /** `http.noProxy`: host names (`*.corp.example`, `host:port`) reached directly. */
  readonly noProxy?: readonly string[] | undefined;
  /** `http.proxyStrictSSL`, default true: see `NetworkConfig.proxyStrictSSL`. */
  readonly proxyStrictSSL?: boolean | undefined;
  /** `http.proxyAuthorization`: the whole Proxy-Authorization header value sent to the proxy. */
  readonly proxyAuthorization?: string | undefined;
  /** `http.systemCertificates`, default true: also trust the operating system's certificate store. */
  readonly systemCertificates?: boolean | undefined;
  /**
   * `http.proxySupport`: 'off' means the user turned proxies off for extensions, so neither
   * `http.proxy` nor the environment's proxy is used; 'on', 'fallback' and 'override' (VS Code's
   * default) all mean "use the proxy", which is all they differ in for a client of our own.
   */
  readonly proxySupport?: string | undefined;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** The environment variables resolveNetwork reads (the proxy ones also in lowercase). */
export const NETWORK_ENV_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'] as const;

export interface ResolveNetworkInput {
  /** VS Code settings (extension); absent for the CLI, which reads only the environment. */
  readonly settings?: ProxySettings;
  /** Proxy variables and NODE_EXTRA_CA_CERTS are read from here (usually process.env). */
  readonly env: Env;
  /** Reads NODE_EXTRA_CA_CERTS; tests substitute it. */
  readonly readFile?: (path: string) => string;
  /** The operating system's store; default `tls.getCACertificates('system')` where Node has it (22.15+). */
  readonly systemCertificates?: () => readonly string[] | undefined;
}

export interface NetworkConfig {
  /** Proxy for http:// targets, possibly with user:password; undefined: direct. */
  readonly httpProxy: string | undefined;
  /** Proxy for https:// targets, possibly with user:password; undefined: direct. */
  readonly httpsProxy: string | undefined;
  /** Hosts reached without the proxy, comma-separated (NO_PROXY syntax); loopback always is. */
  readonly noProxy: string;
  /** Proxy-Authorization value for the CONNECT request; never sent to the service. */
  readonly proxyAuthorization: string | undefined;
  /**
   * False (`http.proxyStrictSSL: false`) skips verifying the certificate of an https:// proxy
   * itself. The service's certificate, inside the tunnel, is always verified: that connection
   * carries the Azure token, so a TLS-inspecting proxy's CA must be trusted instead (system
   * store or NODE_EXTRA_CA_CERTS). VS Code applies the setting more widely; this is stricter.
   */
  readonly proxyStrictSSL: boolean;
  /** Where the proxy came from, for the log line. */
  readonly proxySource: 'http.proxy' | 'environment' | 'none' | 'http.proxySupport off';
  /** Trusted roots when more than Node's defaults are needed; undefined: Node's default store. */
  readonly ca: readonly string[] | undefined;
  /** What was added to the trusted roots, for the log line. */
  readonly caNotes: readonly string[];
  /** Settings or variables that could not be used, each a sentence with what to do. */
  readonly problems: readonly string[];
}

/** The environment value of a proxy variable, lowercase first (as curl and undici read them). */
function envValue(env: Env, name: string): string | undefined {
  const v = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return v !== undefined && v.trim() !== '' ? v.trim() : undefined;
}

/** A proxy URL with an http(s) scheme; a bare `host:port` means http://. */
function proxyUrl(raw: string, from: string, problems: string[]): string | undefined {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(`The proxy in ${from} is not a valid URL, so connections go direct; set it to a URL such as http://proxy.example:8080.`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`The proxy in ${from} uses ${url.protocol.replace(/:$/, '')}, which is not supported, so connections go direct; use an http:// or https:// proxy.`);
    return undefined;
  }
  return url.href;
}

/** The URL without user name or password, for logs. */
export function redactProxyUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const hadCredentials = url.username !== '' || url.password !== '';
    url.username = '';
    url.password = '';
    return `${url.origin}${hadCredentials ? ' (with credentials)' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Splits PEM text into certificates (NODE_EXTRA_CA_CERTS files often hold a whole chain). */
export function splitPem(text: string): string[] {
  return (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((c) => c.replace(/\r\n/g, '\n'));
}

type GetCaCertificates = (type: 'default' | 'system' | 'bundled' | 'extra') => string[];

/** Node 22.15+/23.5+ (VS Code's runtime) has tls.getCACertificates; Node 20 does not. */
function nodeGetCaCertificates(): GetCaCertificates | undefined {
  const fn = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates;
  return typeof fn === 'function' ? fn : undefined;
}

function defaultSystemCertificates(): readonly string[] | undefined {
  const get = nodeGetCaCertificates();
  if (!get) {
    return undefined;
  }
  try {
    return get('system');
  } catch {
    return undefined;
  }
}

function resolveCa(input: ResolveNetworkInput, problems: string[]): { ca: string[] | undefined; notes: string[] } {
  const notes: string[] = [];
  const extra: string[] = [];
  const extraPath = input.env['NODE_EXTRA_CA_CERTS']?.trim();
  if (extraPath) {
    // Node reads this variable only at start-up into its default store; it is read again here
    // because a `ca` list replaces that store, and so that a value set later (tests) counts too.
    try {
      const certs = splitPem((input.readFile ?? ((p: string) => readFileSync(p, 'utf8')))(extraPath));
      if (certs.length === 0) {
        problems.push(`NODE_EXTRA_CA_CERTS (${extraPath}) holds no PEM certificate; point it to your organisation's CA file in PEM format.`);
      } else {
        append(extra, certs);
        notes.push(`${certs.length} from NODE_EXTRA_CA_CERTS`);
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      problems.push(`NODE_EXTRA_CA_CERTS (${extraPath}) could not be read${typeof code === 'string' ? ` (${code})` : ''}; fix the path to your organisation's CA file.`);
    }
  }
  let system: readonly string[] = [];
  if (input.settings?.systemCertificates !== false) {
    system = (input.systemCertificates ?? defaultSystemCertificates)() ?? [];
    if (system.length > 0) {
      notes.push(`${system.length} from the system store`);
    }
  }
  if (extra.length === 0 && system.length === 0) {
    return { ca: undefined, notes };
  }
  const getCa = nodeGetCaCertificates();
  const base = getCa ? getCa('default') : tls.rootCertificates;
  const seen = new Set<string>();
  const ca: string[] = [];
  for (const cert of [...base, ...system, ...extra]) {
    const key = cert.replace(/\s+/g, '');
    if (!seen.has(key)) {
      seen.add(key);
      ca.push(cert);
    }
  }
  return { ca, notes };
}

/** Resolves the proxy and trusted roots once; the client's dispatcher is built from the result. */
export function resolveNetwork(input: ResolveNetworkInput): NetworkConfig {
  const problems: string[] = [];
  const s = input.settings;
  let httpProxy: string | undefined;
  let httpsProxy: string | undefined;
  let proxySource: NetworkConfig['proxySource'] = 'none';
  const configured = s?.proxy?.trim();
  if (s?.proxySupport === 'off') {
    proxySource = 'http.proxySupport off';
  } else if (configured) {
    httpProxy = httpsProxy = proxyUrl(configured, 'http.proxy', problems);
    proxySource = httpProxy ? 'http.proxy' : 'none';
  } else {
    const h = envValue(input.env, 'HTTP_PROXY');
    const hs = envValue(input.env, 'HTTPS_PROXY');
    httpProxy = h ? proxyUrl(h, 'HTTP_PROXY', problems) : undefined;
    // As undici's EnvHttpProxyAgent: https targets use HTTP_PROXY when HTTPS_PROXY is not set.
    httpsProxy = hs ? proxyUrl(hs, 'HTTPS_PROXY', problems) : httpProxy;
    proxySource = httpProxy || httpsProxy ? 'environment' : 'none';
  }
  const bypass = [...(s?.noProxy ?? []), ...(envValue(input.env, 'NO_PROXY') ?? '').split(/[,\s]+/)]
    .map((h) => h.trim())
    .filter((h) => h !== '');
  if (bypass.includes('*')) {
    httpProxy = httpsProxy = undefined;
    proxySource = 'none';
  }
  const auth = s?.proxyAuthorization?.trim();
  const { ca, notes } = resolveCa(input, problems);
  return {
    httpProxy,
    httpsProxy,
    noProxy: [...new Set([...bypass, ...LOOPBACK])].join(','),
    proxyAuthorization: auth ? auth : undefined,
    proxyStrictSSL: s?.proxyStrictSSL !== false,
    proxySource,
    ca,
    caNotes: notes,
    problems,
  };
}

/** One log line about the network set-up; no credentials, no authorization value. */
export function describeNetwork(n: NetworkConfig): string {
  const parts: string[] = [];
  if (n.proxySource === 'none') {
    parts.push('direct connections (no proxy)');
  } else if (n.proxySource === 'http.proxySupport off') {
    parts.push('direct connections (http.proxySupport is off)');
  } else {
    const proxies = [...new Set([n.httpsProxy, n.httpProxy].filter((p): p is string => !!p).map(redactProxyUrl))];
    parts.push(`proxy ${proxies.join(' / ')} from ${n.proxySource}`);
    parts.push(`bypassed for ${n.noProxy}`);
    if (n.proxyAuthorization) {
      parts.push('proxy authorization set');
    }
    if (!n.proxyStrictSSL) {
      parts.push("the proxy's own certificate is not verified");
    }
  }
  parts.push(n.ca ? `trusted roots: Node's plus ${n.caNotes.join(' and ')}` : "trusted roots: Node's defaults");
  return `Network: ${parts.join('; ')}.`;
}

export interface DispatcherOptions {
  readonly connectTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** Connections per origin (the client's concurrency cap). */
  readonly connections: number;
  readonly network?: NetworkConfig | undefined;
}

/**
 * The client's own dispatcher. Without a proxy, an Agent as before; with one, undici's
 * EnvHttpProxyAgent fed only with the resolved values (it never reads process.env itself here),
 * which tunnels through the proxy with CONNECT (https and http targets alike) and goes direct
 * for the NO_PROXY hosts. No redirect interceptor is composed: a 3xx is returned as-is.
 */
export function createDispatcher(o: DispatcherOptions): Dispatcher {
  const n = o.network;
  const secureContext = n?.ca ? tls.createSecureContext({ ca: [...n.ca] }) : undefined;
  const tlsOptions = secureContext ? { secureContext } : {};
  const agentOptions = {
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connectTimeout: o.connectTimeoutMs,
    headersTimeout: o.requestTimeoutMs,
    bodyTimeout: o.requestTimeoutMs,
    connections: o.connections,
    ...(secureContext ? { connect: tlsOptions } : {}),
  };
  if (!n || (!n.httpProxy && !n.httpsProxy)) {
    // Direct connections read past interim `100 Continue` answers (interimAnswers.ts).
    const connector = newConnector({ ...tlsOptions, timeout: o.connectTimeoutMs });
    return newAgent({
      ...agentOptions,
      connect: (options, callback) =>
        connector(options, (...result) => {
          if (result[0] === null) {
            skipInterimContinue(result[1]);
          }
          callback(...result);
        }),
    });
  }
  const options: EnvHttpProxyAgentOptions = {
    ...agentOptions,
    // '' (not undefined) so that undici does not fall back to reading process.env.
    httpProxy: n.httpProxy ?? '',
    httpsProxy: n.httpsProxy ?? '',
    noProxy: n.noProxy,
    // The service's TLS inside the tunnel: always verified, against the same roots.
    requestTls: { ...tlsOptions, timeout: o.connectTimeoutMs },
    // The proxy's own TLS (https:// proxies only).
    proxyTls: { ...tlsOptions, timeout: o.connectTimeoutMs, rejectUnauthorized: n.proxyStrictSSL },
    ...(n.proxyAuthorization ? { token: n.proxyAuthorization } : {}),
    clientFactory: proxyClientFactory(o.connectTimeoutMs),
  };
  return newEnvHttpProxyAgent(options);
}
