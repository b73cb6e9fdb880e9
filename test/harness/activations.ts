// Which extensions VS Code activated, and on which activation event, read from the extension
// host's own log (the line behind Developer: Show Running Extensions' "Activation Event" column):
// `ExtensionService#_doActivateExtension <id>, startup: <bool>, activationEvent: '<event>'`.
// One log per extension host (exthost1, exthost2, … after each window reload) under the server's
// user-data logs folder.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Activation {
  readonly extensionId: string;
  readonly event: string;
}

export interface ExtensionHostLog {
  /** The folder of this extension host's logs (exthostN), for failure messages. */
  readonly folder: string;
  readonly activations: readonly Activation[];
  /** VS Code has activated the `onStartupFinished` extensions of this host (the end of start-up). */
  readonly startupFinished: boolean;
}

const ACTIVATION = /ExtensionService#_doActivateExtension ([^,\s]+), startup: (?:true|false), activationEvent: '([^']*)'/;

/** The extension host logs of a server started by startServer (its tempDir), oldest first. */
export function extensionHostLogs(serverDir: string): ExtensionHostLog[] {
  const root = join(serverDir, 'user-data', 'logs');
  if (!existsSync(root)) return [];
  const folders: string[] = [];
  for (const session of readdirSync(root).sort()) {
    const dir = join(root, session);
    if (!statSync(dir).isDirectory()) continue;
    const hosts = readdirSync(dir).filter((d) => /^exthost\d+$/.test(d));
    hosts.sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)));
    folders.push(...hosts.map((h) => join(dir, h)));
  }
  return folders.flatMap((folder) => {
    const file = join(folder, 'remoteexthost.log');
    if (!existsSync(file)) return [];
    const lines = readFileSync(file, 'utf8').split('\n');
    const activations = lines.flatMap((l) => {
      const m = ACTIVATION.exec(l);
      return m?.[1] !== undefined && m[2] !== undefined ? [{ extensionId: m[1], event: m[2] }] : [];
    });
    return [{ folder, activations, startupFinished: activations.some((a) => a.event === 'onStartupFinished') }];
  });
}
