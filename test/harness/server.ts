// Starts the VS Code server (from code-server) on loopback with throw-away data folders, and stops it by
// process group so its extension host and file watchers die with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Runtime } from './runtime';

export interface VsCodeServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Root of this run's temp folders (user data, extensions, XDG homes, workspace). */
  readonly tempDir: string;
  /** The server's own stdout/stderr so far, for diagnostics when something fails. */
  output(): string;
  /** Ends the server's process group and removes the temp folders. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  readonly runtime: Runtime;
  /** Extra environment for the server, which passes it on to the extension host. */
  readonly env?: Readonly<Record<string, string>>;
  readonly readyTimeoutMs?: number;
  /** Port to listen on (the demo's --port); a free one when left out. */
  readonly port?: number;
  /** Keep the temp folders (logs, storage) after stop, for debugging a run; SERVICE_HEALTH_KEEP_TEMP=1 sets it for every run. */
  readonly keepTemp?: boolean;
  /**
   * Extension folders (each with its package.json) to copy into the fresh extensions dir before the
   * server starts: it adopts them as installed user extensions, next to the one under development
   * (the web workbench honours only one extensionDevelopmentPath).
   */
  readonly preinstall?: readonly string[];
  /**
   * Packaged extensions (.vsix) installed with the server's own `--install-extension` into the
   * fresh extensions dir before it starts, offline: what a user installs, not a development folder.
   */
  readonly installVsix?: readonly string[];
  /**
   * The server's machine settings (settings VS Code reads only from user or machine settings, such
   * as `workbench.welcomePage.walkthroughs.openOnInstall`). Default: walkthroughs do not open on
   * install, so no editor covers what a test or a screenshot looks at.
   */
  readonly machineSettings?: Readonly<Record<string, unknown>>;
}

export const DEFAULT_MACHINE_SETTINGS: Readonly<Record<string, unknown>> = { 'workbench.welcomePage.walkthroughs.openOnInstall': false };

/** Asks the OS for a free loopback port. The tiny race until the server binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not get a free port on 127.0.0.1.'));
      });
    });
  });
}

/** The environment of the harness minus anything that would make the server think it runs inside another VS Code. */
function cleanEnv(extra: Readonly<Record<string, string>>, xdg: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE' || key.toLowerCase().startsWith('npm_')) continue;
    env[key] = value;
  }
  return { ...env, ...xdg, ...extra };
}

const live = new Set<ChildProcess>();

/** Last-resort cleanup when the harness process exits without calling stop (uncaught error, Ctrl+C). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** True when GET url answers 200 (plain node:http: the harness needs no HTTP client of its own). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Copies each folder as `<publisher>.<name>-<version>`, the layout of an installed extension. */
async function preinstallExtensions(folders: readonly string[], extensionsDir: string): Promise<void> {
  for (const folder of folders) {
    const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { publisher?: string; name?: string; version?: string };
    if (!manifest.publisher || !manifest.name || !manifest.version) {
      throw new Error(`${folder}/package.json needs publisher, name and version to be preinstalled.`);
    }
    await cp(folder, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), { recursive: true });
  }
}

async function waitForVersion(origin: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The VS Code server exited before it was ready (${String(child.exitCode ?? child.signalCode)}):\n${output()}`);
    }
    if (await answers(`${origin}/version`)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The VS Code server did not answer ${origin}/version within ${timeoutMs} ms:\n${output()}`);
}

/** Runs the server's CLI `--install-extension`, which installs and exits (about 7 s, no network). */
async function installVsix(runtime: Runtime, vsix: string, dirs: { serverData: string; userData: string; extensions: string; XDG_CONFIG_HOME: string; XDG_DATA_HOME: string; XDG_CACHE_HOME: string }): Promise<void> {
  const args = [
    runtime.serverMain,
    '--install-extension', vsix,
    '--accept-server-license-terms',
    '--server-data-dir', dirs.serverData,
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
  ];
  const env = cleanEnv({}, { XDG_CONFIG_HOME: dirs.XDG_CONFIG_HOME, XDG_DATA_HOME: dirs.XDG_DATA_HOME, XDG_CACHE_HOME: dirs.XDG_CACHE_HOME });
  const child = spawn(runtime.nodePath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', () => resolve(-1));
  });
  if (code !== 0 || !/successfully installed/i.test(out)) {
    throw new Error(`The VS Code server could not install ${vsix} (exit ${String(code)}):\n${out.slice(-4000)}`);
  }
}

export async function startServer(options: StartServerOptions): Promise<VsCodeServer> {
  const tempDir = await mkdtemp(join(tmpdir(), 'service-health-vscode-'));
  const dirs = {
    serverData: join(tempDir, 'server-data'),
    userData: join(tempDir, 'user-data'),
    extensions: join(tempDir, 'extensions'),
    XDG_CONFIG_HOME: join(tempDir, 'xdg-config'),
    XDG_DATA_HOME: join(tempDir, 'xdg-data'),
    XDG_CACHE_HOME: join(tempDir, 'xdg-cache'),
  };
  await Promise.all(Object.values(dirs).map((d) => mkdir(d, { recursive: true })));
  await preinstallExtensions(options.preinstall ?? [], dirs.extensions);
  // Where the server looks for them depends on the data folder it settles on: both candidates.
  const machine = `${JSON.stringify(options.machineSettings ?? DEFAULT_MACHINE_SETTINGS, null, 2)}\n`;
  for (const dir of [join(dirs.userData, 'Machine'), join(dirs.serverData, 'data', 'Machine')]) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'settings.json'), machine);
  }
  for (const vsix of options.installVsix ?? []) {
    await installVsix(options.runtime, vsix, dirs);
  }

  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const args = [
    options.runtime.serverMain,
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--server-data-dir', dirs.serverData,
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
    '--disable-telemetry',
    '--disable-workspace-trust',
    // Without it the workbench ignores the URL payload: the extension never loads and the run hangs.
    '--enable-smoke-test-driver',
  ];
  const env = cleanEnv(options.env ?? {}, {
    XDG_CONFIG_HOME: dirs.XDG_CONFIG_HOME,
    XDG_DATA_HOME: dirs.XDG_DATA_HOME,
    XDG_CACHE_HOME: dirs.XDG_CACHE_HOME,
  });
  // Detached: the server gets its own process group, so one kill ends it and every child it spawned.
  const child = spawn(options.runtime.nodePath, args, { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let out = '';
  const keep = (chunk: Buffer): void => {
    out = (out + chunk.toString('utf8')).slice(-50_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (err) => keep(Buffer.from(`spawn error: ${err.message}\n`)));

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader (extension host, watchers): make sure it is gone.
      killGroup(child, 'SIGKILL');
      live.delete(child);
      if (!(options.keepTemp ?? process.env.SERVICE_HEALTH_KEEP_TEMP === '1')) await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopped;
  };

  try {
    await waitForVersion(origin, child, options.readyTimeoutMs ?? 60_000, () => out);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, origin, tempDir, output: () => out, stop };
}
