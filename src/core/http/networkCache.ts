/**
 * The resolved network set-up, kept until something it is resolved from changes. Resolving reads
 * the operating system's certificate store and merges it with Node's roots (hundreds of
 * certificates, see BENCHMARKS.md), which an unchanged set-up need not pay for on every apply:
 * Azure mode applies the connection twice at start (restored account, then the silent sign-in).
 */
import { createHash } from 'node:crypto';
import { NETWORK_ENV_VARIABLES, resolveNetwork, type Env, type NetworkConfig, type ProxySettings, type ResolveNetworkInput } from './network';

export interface ResolvedNetwork {
  readonly config: NetworkConfig;
  /** Changes when anything the dispatcher is built from changes; hashed so no credential is kept in clear. */
  readonly fingerprint: string;
}

/** Where certificates come from; tests substitute them (see ResolveNetworkInput). */
export type CertificateSources = Pick<ResolveNetworkInput, 'readFile' | 'systemCertificates'>;

export class NetworkCache {
  private last: { readonly inputs: string; readonly resolved: ResolvedNetwork } | undefined;

  constructor(private readonly sources: CertificateSources = {}) {}

  /**
   * The network for these settings and environment: resolved again only when one of the values
   * resolveNetwork reads differs from the last call. A CA file or system store edited in place is
   * seen after a reload, as Node itself reads NODE_EXTRA_CA_CERTS only at start.
   */
  get(settings: ProxySettings | undefined, env: Env): ResolvedNetwork {
    const inputs = inputsKey(settings, env);
    if (this.last?.inputs === inputs) {
      return this.last.resolved;
    }
    const config = resolveNetwork({ ...this.sources, ...(settings ? { settings } : {}), env });
    const resolved = { config, fingerprint: hash(JSON.stringify(config)) };
    this.last = { inputs, resolved };
    return resolved;
  }
}

/** Every value resolveNetwork reads, hashed: the settings hold the proxy authorization. */
function inputsKey(settings: ProxySettings | undefined, env: Env): string {
  const variables = NETWORK_ENV_VARIABLES.flatMap((name) => [env[name], env[name.toLowerCase()]]);
  return hash(JSON.stringify([settings ?? null, variables]));
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
