/**
 * Azure clouds: which VS Code authentication provider signs in, where ARM lives, where the portal is.
 * VS Code-free (no import of vscode) so it is easy to test and reuse.
 */
import { isLoopbackHost } from '../../core/http/originPolicy';

export const CLOUD_NAMES = ['AzureCloud', 'AzureChinaCloud', 'AzureUSGovernment'] as const;
export type CloudName = (typeof CLOUD_NAMES)[number];

export interface CloudConfig {
  readonly name: CloudName;
  /** VS Code's built-in `microsoft` provider, or `microsoft-sovereign-cloud` for national clouds. */
  readonly authProviderId: 'microsoft' | 'microsoft-sovereign-cloud';
  /** Origin of Azure Resource Manager in this cloud; also the audience of the token. */
  readonly managementUrl: string;
  readonly portalUrl: string;
  /**
   * The value of `microsoft-sovereign-cloud.environment` this cloud needs (VS Code's sovereign
   * provider signs in to the cloud chosen by that setting).
   */
  readonly sovereignEnvironment?: 'ChinaCloud' | 'USGovernment';
}

const CLOUDS: Record<CloudName, CloudConfig> = {
  AzureCloud: {
    name: 'AzureCloud',
    authProviderId: 'microsoft',
    managementUrl: 'https://management.azure.com',
    portalUrl: 'https://portal.azure.com',
  },
  AzureChinaCloud: {
    name: 'AzureChinaCloud',
    authProviderId: 'microsoft-sovereign-cloud',
    managementUrl: 'https://management.chinacloudapi.cn',
    portalUrl: 'https://portal.azure.cn',
    sovereignEnvironment: 'ChinaCloud',
  },
  AzureUSGovernment: {
    name: 'AzureUSGovernment',
    authProviderId: 'microsoft-sovereign-cloud',
    managementUrl: 'https://management.usgovcloudapi.net',
    portalUrl: 'https://portal.azure.us',
    sovereignEnvironment: 'USGovernment',
  },
};

export function cloudConfig(name: unknown): CloudConfig {
  // Own keys only: `in` would also find Object.prototype's ("constructor", "toString").
  return typeof name === 'string' && Object.hasOwn(CLOUDS, name) ? CLOUDS[name as CloudName] : CLOUDS.AzureCloud;
}

/**
 * Scopes for the ARM token: the cloud's `user_impersonation` (the seed's one scope), plus VS Code's
 * `VSCODE_TENANT:<id>` convention when a valid tenant is configured (an invalid one is left out,
 * so a setting can never smuggle another scope in).
 */
export function armScopes(cloud: CloudConfig, tenant: string | undefined): string[] {
  const scopes = [`${cloud.managementUrl}/user_impersonation`];
  const t = tenant?.trim();
  if (t && isValidTenant(t)) {
    scopes.push(`VSCODE_TENANT:${t}`);
  }
  return scopes;
}

/** Tenant ids are GUIDs or domain names; anything else would end up in a scope string. */
export function isValidTenant(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(value);
}

export type EndpointCheck = { readonly ok: true; readonly origin: string } | { readonly ok: false; readonly message: string };

/**
 * Validates the `serviceHealth.endpoint` override: https anywhere, plain http only on loopback
 * (tokens must never cross the network in clear text). Only the origin is used; a path is refused
 * because the API paths are absolute.
 */
export function checkEndpoint(raw: string): EndpointCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: `The setting serviceHealth.endpoint is not a URL; set it to an https URL such as https://management.azure.com.` };
  }
  // The scheme first: for `file:` or `javascript:` values "no path" would be the wrong advice.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return { ok: false, message: 'The setting serviceHealth.endpoint must use https (plain http only on 127.0.0.1 or localhost); fix the URL.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The setting serviceHealth.endpoint must not contain a user name or password; remove them.' };
  }
  if (url.pathname !== '/' && url.pathname !== '') {
    return { ok: false, message: 'The setting serviceHealth.endpoint must be an origin without a path, such as https://management.azure.com.' };
  }
  return { ok: true, origin: url.origin };
}
