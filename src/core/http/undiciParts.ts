/**
 * undici's main entry point installs a process-wide dispatcher on globalThis as a side effect
 * of being imported (lib/global.js). The extension host shares that process with other
 * extensions, so we load only the parts we use, the Agent and proxy agent classes, which have no
 * such side effect; requests go through `Dispatcher.dispatch` (exchange.ts). `import type` below
 * is erased at compile time.
 */
import type { Agent as AgentClass, buildConnector, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';
import type * as UndiciBundle from './undiciBundle';

let loaded: typeof UndiciBundle | undefined;

/** undici loads on first use (its ~300 KB would otherwise slow every activation). */
function undici(): typeof UndiciBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle (scripts/build.mjs)
  loaded ??= require('./undiciBundle') as typeof UndiciBundle;
  return loaded;
}

export function newAgent(options: AgentClass.Options): Dispatcher {
  return new (undici().Agent)(options);
}

/** undici's own connector (TCP or TLS, with its connect timeout), for one that wraps it. */
export function newConnector(options: buildConnector.BuildOptions): buildConnector.connector {
  return undici().buildConnector(options);
}

/** Chooses per request between a direct Agent and ProxyAgents (CONNECT tunnels) by NO_PROXY rules. */
export function newEnvHttpProxyAgent(options: EnvHttpProxyAgentClass.Options): Dispatcher {
  return new (undici().EnvHttpProxyAgent)(options);
}

/**
 * Makes the ProxyAgent's connection to the proxy. ProxyAgent opens tunnels with
 * `client.connect(...)`, a method undici's index adds to Dispatcher.prototype as a side effect;
 * without that import the method is missing, so this pool carries its own. The proxy must answer
 * CONNECT within `answerTimeoutMs`: a request's own abort signal does not end a tunnel that is
 * still being set up, so without this a silent proxy would hold requests for undici's 300 s.
 */
export function proxyClientFactory(answerTimeoutMs: number): (origin: URL, options: object) => Dispatcher {
  return (origin, options) => {
    const pool = new (undici().Pool)(origin, { ...options, headersTimeout: answerTimeoutMs });
    Object.defineProperty(pool, 'connect', {
      value: (opts: Dispatcher.ConnectOptions) =>
        undici().connectApi.call(pool, opts).catch((error: unknown) => {
          // No CONNECT answer in time is a connect timeout of the tunnel, not a slow service.
          if ((error as { code?: unknown } | null)?.code === 'UND_ERR_HEADERS_TIMEOUT') {
            throw Object.assign(new Error(`Proxy did not answer CONNECT within ${answerTimeoutMs} ms`, { cause: error }), {
              code: 'UND_ERR_CONNECT_TIMEOUT',
            });
          }
          throw error;
        }),
    });
    return pool;
  };
}

export type { Dispatcher };
export type EnvHttpProxyAgentOptions = EnvHttpProxyAgentClass.Options;
