/** undici's main entry point installs a process-wide dispatcher on globalThis as a side effect of being imported (lib/global.js). Why: docs/architecture.md#http-undiciparts-1 */
import type { Agent as AgentClass, buildConnector, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';
import { requireBundle } from '../bundles/bundleLoader';
import type * as UndiciBundle from './undiciBundle';

let loaded: typeof UndiciBundle | undefined;

/** undici loads on first use (its ~300 KB would otherwise slow every activation). */
function undici(): typeof UndiciBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle (scripts/build.mjs)
  loaded ??= requireBundle('undici', () => require('./undiciBundle') as typeof UndiciBundle);
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

/** Makes the ProxyAgent's connection to the proxy. Why: docs/architecture.md#http-undiciparts-2 */
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
