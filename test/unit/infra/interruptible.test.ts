import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// A reader bug that never returns (issue 30: stacked decorators looped forever, a module cycle ran
// for minutes) stands here as the worker's test hook: a file whose name holds the marker spins.
const MARKER = 'spin-forever';
const SITE = "resource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: 'westeurope'\n}\n";
const HOOK_ENV = { SERVICE_HEALTH_TEST_READER_SPIN: MARKER, PATH: process.env['PATH'] ?? '' };

function distCli(): string {
  const bundle = join(__dirname, '..', '..', '..', '..', 'dist', 'cli.js');
  if (!existsSync(bundle)) throw new Error('dist/ is missing: run `npm run build` before the unit tests (npm test does).');
  return bundle;
}

/** Resolves once `text` has appeared in what `stream` wrote. */
interface Chunks {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

function seen(stream: Chunks, text: string, into: { out: string }): Promise<void> {
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      into.out += chunk.toString('utf8');
      if (into.out.includes(text)) resolve();
    });
  });
}

describe('a stuck template read never makes the CLI or the MCP server deaf', function () {
  this.timeout(15_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'infra-stuck-'));
    writeFileSync(join(dir, 'main.bicep'), SITE);
    writeFileSync(join(dir, `${MARKER}.bicep`), SITE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`health-events check stops on ${signal} while the reader is stuck on a file (a CI job cancelled, Ctrl+C)`, async () => {
      // A closed port: had the read finished (the watchdog, or no stop), listing the events would fail (1), not 130.
      const args = [distCli(), 'check', '--infra', dir, '--subscription', '00000000-0000-0000-0000-000000000001', '--location', 'westeurope', '--endpoint', 'http://127.0.0.1:9'];
      const child = spawn(process.execPath, args, { env: { ...HOOK_ENV, HEALTH_EVENTS_TOKEN: 'test-token' }, stdio: ['ignore', 'pipe', 'pipe'] });
      const stderr = { out: '' };
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await seen(child.stderr, 'test hook: spinning', stderr);
      child.kill(signal);
      assert.equal(await exited, 130, stderr.out);
      assert.match(stderr.out, /health-events check: stopped\./);
    });
  }

  it('the MCP server answers ping while check_infrastructure is stuck, and a cancellation stops the tool', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(__dirname, '..', '..', '..', 'src', 'cli.js'), 'mcp', '--endpoint', 'http://127.0.0.1:9', '--root', dir],
      env: { ...HOOK_ENV, HEALTH_EVENTS_TOKEN: 'test-token' },
      stderr: 'pipe',
    });
    const stderr = { out: '' };
    const spinning = transport.stderr ? seen(transport.stderr, 'test hook: spinning', stderr) : Promise.reject(new Error('no stderr'));
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const stop = new AbortController();
      const call = client.callTool({ name: 'check_infrastructure', arguments: {} }, undefined, { signal: stop.signal });
      await spinning;
      // Before the fix the walk ran on the server's only thread: this ping never got an answer.
      assert.deepEqual(await client.ping(), {});
      const stopped = seen(transport.stderr as Chunks, 'check_infrastructure:', stderr);
      stop.abort();
      await assert.rejects(call);
      await stopped;
      assert.deepEqual(await client.ping(), {});
    } finally {
      await client.close();
    }
  });
});
