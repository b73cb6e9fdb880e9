/**
 * VS Code's proxy and certificate settings (`http.*`), read for the extension's own HTTP client,
 * which does not go through VS Code's patched Node modules and so must apply them itself.
 */
import * as vscode from 'vscode';
import type { ProxySettings } from '../../core/http/network';

export const HTTP_SECTION = 'http';

/**
 * The user's value, never a workspace's: a repository's
 * `.vscode/settings.json` must not route traffic through a proxy of its choosing or receive the
 * user's proxy credentials. VS Code scopes these settings to the application for the same reason.
 */
function userValue<T>(c: vscode.WorkspaceConfiguration, key: string): T | undefined {
  const inspected = c.inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

export function readProxySettings(): ProxySettings {
  const c = vscode.workspace.getConfiguration(HTTP_SECTION);
  const proxy = userValue<unknown>(c, 'proxy');
  const noProxy = userValue<unknown>(c, 'noProxy');
  const strict = userValue<unknown>(c, 'proxyStrictSSL');
  const auth = userValue<unknown>(c, 'proxyAuthorization');
  const system = userValue<unknown>(c, 'systemCertificates');
  return {
    proxy: typeof proxy === 'string' ? proxy : undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((h): h is string => typeof h === 'string') : undefined,
    proxyStrictSSL: typeof strict === 'boolean' ? strict : undefined,
    proxyAuthorization: typeof auth === 'string' ? auth : undefined,
    systemCertificates: typeof system === 'boolean' ? system : undefined,
  };
}
