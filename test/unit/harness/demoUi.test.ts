// `npm run demo:ui`: argument parsing, the URL it prints, the install progress line, and that a stop
// (Ctrl+C / SIGTERM) ends everything it started, in order, checked with fakes. (Ending the server's
// process group is the harness's startServer().stop, which every UI test run exercises.)
import assert from 'node:assert/strict';
import { demoUrl, DemoUsageError, installProgress, parseDemoUiArgs, runDemoUi, type DemoUiDeps } from '../../harness/demoUi';
import type { Runtime } from '../../harness/runtime';

const RUNTIME: Runtime = { nodePath: '/x/node', serverMain: '/x/server-main.js', nodeVersion: '24.0.0', codeServerVersion: '4.139.1' };

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Fakes that record what was started and stopped, in order. */
function fakes(over: Partial<DemoUiDeps> = {}) {
  const events: string[] = [];
  const printed: string[] = [];
  const progress: string[] = [];
  const stop = deferred<string>();
  let now = 0;
  const ticks: (() => void)[] = [];
  const deps: DemoUiDeps = {
    ensureRuntime: () => Promise.resolve(RUNTIME),
    startServer: (options) => {
      events.push(`start server${options.port !== undefined ? ` on ${options.port}` : ''}`);
      return Promise.resolve({ origin: 'http://127.0.0.1:4321', port: 4321, stop: () => (events.push('stop server'), Promise.resolve()) });
    },
    createWorkspace: () => {
      events.push('create workspace');
      return Promise.resolve({ folder: '/tmp/demo/my-azure-app', dispose: () => (events.push('remove workspace'), Promise.resolve()) });
    },
    extensionPath: '/repo',
    print: (line) => printed.push(line),
    progress: (line) => progress.push(line),
    every: (_ms, tick) => {
      ticks.push(tick);
      return () => events.push('progress stopped');
    },
    now: () => now,
    stopRequested: stop.promise,
    ...over,
  };
  return { deps, events, printed, progress, stop, ticks, advance: (ms: number) => (now += ms) };
}

describe('npm run demo:ui', () => {
  it('reads --port (as "--port N" or "--port=N") within 1..65535, --help, and --ui from `npm run demo -- --ui`', () => {
    assert.deepEqual(parseDemoUiArgs([]), { help: false });
    assert.deepEqual(parseDemoUiArgs(['--ui']), { help: false });
    assert.deepEqual(parseDemoUiArgs(['--port', '1']), { port: 1, help: false });
    assert.deepEqual(parseDemoUiArgs(['--port=65535']), { port: 65_535, help: false });
    assert.throws(() => parseDemoUiArgs(['--port', '0']), DemoUsageError);
    assert.throws(() => parseDemoUiArgs(['--port', '65536']), DemoUsageError);
    assert.throws(() => parseDemoUiArgs(['--port']), /--port must be a port number/);
    assert.throws(() => parseDemoUiArgs(['--port', 'abc']), DemoUsageError);
    assert.throws(() => parseDemoUiArgs(['--open']), /unknown option "--open"/);
    assert.deepEqual(parseDemoUiArgs(['-h']), { help: true });
  });

  it('the URL opens the sample workspace with the extension loaded from the repository, on loopback', () => {
    const url = new URL(demoUrl({ origin: 'http://127.0.0.1:4321', port: 4321 }, '/tmp/demo/my azure app', '/repo/service health'));
    assert.equal(url.origin, 'http://127.0.0.1:4321');
    assert.equal(url.searchParams.get('folder'), '/tmp/demo/my azure app');
    const payload = JSON.parse(url.searchParams.get('payload') ?? '[]') as [string, string][];
    assert.deepEqual(payload, [
      ['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:4321/repo/service%20health'],
      ['skipWelcome', 'true'],
    ]);
  });

  it('prints the URL, and on SIGINT stops the server, then removes the workspace, exiting 0', async () => {
    const f = fakes();
    const run = runDemoUi({ port: 8080, help: false }, f.deps);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(f.events, ['create workspace', 'start server on 8080']);
    assert.match(f.printed.join('\n'), /http:\/\/127\.0\.0\.1:4321\/\?folder=%2Ftmp%2Fdemo%2Fmy-azure-app&payload=/);
    assert.match(f.printed.join('\n'), /Ctrl\+C stops/);
    f.stop.resolve('SIGINT');
    assert.equal(await run, 0);
    assert.deepEqual(f.events, ['create workspace', 'start server on 8080', 'stop server', 'remove workspace']);
  });

  it('a stop while the runtime installs (Ctrl+C during the first run) starts nothing else', async () => {
    const install = deferred<Runtime>();
    const f = fakes({ ensureRuntime: () => install.promise });
    const run = runDemoUi({ help: false }, f.deps);
    f.stop.resolve('SIGTERM');
    await new Promise((r) => setImmediate(r));
    install.resolve(RUNTIME);
    assert.equal(await run, 0);
    assert.deepEqual(f.events, []);
  });

  it('a server that fails to start: the workspace is removed and the error reaches the caller', async () => {
    const f = fakes({ startServer: () => Promise.reject(new Error('The VS Code server exited before it was ready')) });
    await assert.rejects(runDemoUi({ help: false }, f.deps), /exited before it was ready/);
    assert.deepEqual(f.events, ['create workspace', 'remove workspace']);
  });

  it('first run: one progress line with the elapsed seconds while the runtime installs, none when it is there', async () => {
    const install = deferred<Runtime>();
    let log: (line: string) => void = () => undefined;
    const f = fakes({
      ensureRuntime: (l) => {
        log = l;
        return install.promise;
      },
    });
    const run = runDemoUi({ help: false }, f.deps);
    log('[harness] installing the VS Code runtime into /repo/.vscode-test/runtime (once; about 2-3 minutes)');
    f.advance(45_000);
    f.ticks.forEach((t) => t());
    install.resolve(RUNTIME);
    await new Promise((r) => setImmediate(r));
    f.stop.resolve('SIGINT');
    await run;
    assert.deepEqual(f.progress, [installProgress(0), installProgress(45_000)]);
    assert.match(installProgress(45_000), /first run only.*… 45 s$/);
    assert.equal(f.events[0], 'progress stopped');

    const warm = fakes();
    const quick = runDemoUi({ help: false }, warm.deps);
    warm.stop.resolve('SIGINT');
    await quick;
    assert.deepEqual(warm.progress, []);
  });
});
