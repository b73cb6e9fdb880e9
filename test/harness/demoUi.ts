// `npm run demo:ui` (or `npm run demo -- --ui`): the extension itself in the real VS Code for the web,
// in sample mode, on loopback. It reuses the test harness: the runtime under .vscode-test/runtime
// (installed on first use, with a progress line), the server started in its own process group, and a
// throw-away sample-mode workspace. It opens no browser: it prints the URL and waits for Ctrl+C
// (SIGINT) or SIGTERM, then stops the server's whole process group and removes its temp folders.
import type { Runtime } from './runtime';
import type { StartServerOptions, VsCodeServer } from './server';
import { workbenchUrl } from './workbenchUrl';

export const DEMO_UI_USAGE = `Usage: npm run demo:ui [-- --port N]

Starts VS Code for the web on http://127.0.0.1 with Service Health in sample mode (no Azure account
needed) and prints the URL to open in your browser. Ctrl+C stops it.

Options:
  --port N   Port to listen on (default: a free one)
  -h, --help Show this help
`;

export interface DemoUiArgs {
  readonly port?: number;
  readonly help: boolean;
}

export class DemoUsageError extends Error {
  override readonly name = 'DemoUsageError';
}

/** Arguments after `--ui` or of `demo:ui`; `--ui` itself is accepted and ignored. */
export function parseDemoUiArgs(argv: readonly string[]): DemoUiArgs {
  let port: number | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--ui') continue;
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    const inline = /^--port=(.*)$/.exec(arg);
    if (arg === '--port' || inline) {
      const value = inline ? (inline[1] ?? '') : argv[++i];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65_535) {
        throw new DemoUsageError(`--port must be a port number from 1 to 65535, not "${(value ?? '').slice(0, 20)}".`);
      }
      port = Number(value);
      continue;
    }
    throw new DemoUsageError(`unknown option "${arg.slice(0, 40)}"; run 'npm run demo:ui -- --help' for the options.`);
  }
  return { ...(port !== undefined ? { port } : {}), help };
}

/** The URL to open: the sample workspace, with the extension loaded from `extensionPath` (the built dev dist). */
export function demoUrl(server: Pick<VsCodeServer, 'origin' | 'port'>, folder: string, extensionPath: string): string {
  return workbenchUrl({ server, folder, extensionDevelopmentPath: extensionPath });
}

/** "installing the VS Code runtime (first run only, about 2-3 minutes)… 45 s" */
export function installProgress(elapsedMs: number): string {
  return `installing the VS Code runtime into .vscode-test/runtime (first run only, about 2-3 minutes)… ${Math.floor(elapsedMs / 1000)} s`;
}

export interface DemoUiDeps {
  /** The harness's ensureRuntime; logs "[harness] installing …" when it has to install. */
  ensureRuntime(log: (line: string) => void): Promise<Runtime>;
  startServer(options: Pick<StartServerOptions, 'runtime' | 'port'>): Promise<Pick<VsCodeServer, 'origin' | 'port' | 'stop'>>;
  createWorkspace(): Promise<{ readonly folder: string; dispose(): Promise<void> }>;
  readonly extensionPath: string;
  /** Lines for the user. */
  print(line: string): void;
  /** Redraws the one progress line (a terminal overwrites it; elsewhere each call is a line). */
  progress(line: string): void;
  /** Calls `tick` every second until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
  now(): number;
  /** Settles on the first SIGINT or SIGTERM. */
  readonly stopRequested: Promise<string>;
}

/** Runs the demo until a stop is requested; everything started is stopped before it returns. */
export async function runDemoUi(args: DemoUiArgs, deps: DemoUiDeps): Promise<number> {
  let stopping = false;
  void deps.stopRequested.then(() => (stopping = true));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const runtime = await withInstallProgress(deps);
    if (stopping) return 0;
    const workspace = await deps.createWorkspace();
    cleanups.push(() => workspace.dispose());
    if (stopping) return 0;
    const server = await deps.startServer({ runtime, ...(args.port !== undefined ? { port: args.port } : {}) });
    cleanups.push(() => server.stop());
    deps.print(`Service Health in VS Code for the web (sample mode): open\n\n  ${demoUrl(server, workspace.folder, deps.extensionPath)}\n\nin your browser. Ctrl+C stops the server.`);
    const signal = await deps.stopRequested;
    deps.print(`${signal}: stopping the VS Code server…`);
    return 0;
  } finally {
    await cleanUp();
  }
}

/** Shows the elapsed time on one line while the runtime installs (nothing when it is already there). */
async function withInstallProgress(deps: DemoUiDeps): Promise<Runtime> {
  let cancel: (() => void) | undefined;
  const started = deps.now();
  try {
    return await deps.ensureRuntime((line) => {
      if (cancel === undefined && /installing the VS Code runtime/.test(line)) {
        deps.progress(installProgress(0));
        cancel = deps.every(1_000, () => deps.progress(installProgress(deps.now() - started)));
      }
    });
  } finally {
    cancel?.();
  }
}
