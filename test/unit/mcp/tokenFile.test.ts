/**
 * The MCP server VS Code starts never runs on a stale token: the extension rewrites a token file
 * before each token expires (on a fake clock here, both sides of the refresh margin), and the
 * server reads it at each request (the shipped dist/mcp.js against the sample service).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jwtExpiry, MIN_REFRESH_MS, OPAQUE_REFRESH_MS, parseTokenFile, REFRESH_MARGIN_MS, refreshDelay, TokenFileRefresher, writeTokenFile, type TokenFileContent } from '../../../src/core/mcp/tokenFile';
import { startSampleService } from '../../../src/core/sample/server';

const MIN = 60_000;
const jwt = (expMs: number) => `e30.${Buffer.from(JSON.stringify({ exp: expMs / 1000 })).toString('base64url')}.sig`;

/** Timers that fire only when the test advances the clock. */
class FakeTimer {
  time = 1_000_000_000_000;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private next = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const t of due) t.fn();
    await new Promise((r) => setImmediate(r));
  }
}

describe('MCP token file: refreshed before expiry, read at each request', () => {
  it('reads the expiry of a JWT, and none of an opaque token', () => {
    assert.equal(jwtExpiry(jwt(1_700_000_000_000)), 1_700_000_000_000);
    assert.equal(jwtExpiry('opaque-token-without-dots'), undefined);
    assert.equal(jwtExpiry('a.not-json.c'), undefined);
  });

  it('rewrites 5 minutes before expiry: not at 1 ms before that, at it (fake clock)', async () => {
    const timer = new FakeTimer();
    const expiry = timer.time + 60 * MIN;
    let calls = 0;
    const written: Array<TokenFileContent | undefined> = [];
    const refresher = new TokenFileRefresher({
      current: () => Promise.resolve({ origin: 'https://management.azure.com', token: jwt(calls++ === 0 ? expiry : expiry + 60 * MIN) }),
      write: (c) => {
        written.push(c);
        return Promise.resolve();
      },
      timer,
    });
    await refresher.refresh();
    assert.equal(written.length, 1);
    await timer.advance(60 * MIN - REFRESH_MARGIN_MS - 1);
    assert.equal(written.length, 1, 'rewritten before the margin');
    await timer.advance(1);
    assert.equal(written.length, 2, 'not rewritten at the margin');
    assert.equal(written[1]?.token, jwt(expiry + 60 * MIN));
    refresher.stop();
    await timer.advance(120 * MIN);
    assert.equal(written.length, 2, 'a stopped refresher wrote again');
  });

  it('bounds the wait: at least 30 s for a token already near expiry, 10 minutes for an opaque one', () => {
    const now = 5_000_000;
    assert.equal(refreshDelay(jwt(now + REFRESH_MARGIN_MS + MIN_REFRESH_MS + 1), now), MIN_REFRESH_MS + 1);
    assert.equal(refreshDelay(jwt(now + REFRESH_MARGIN_MS + MIN_REFRESH_MS - 1), now), MIN_REFRESH_MS);
    assert.equal(refreshDelay('opaque', now), OPAQUE_REFRESH_MS);
    assert.equal(refreshDelay(undefined, now), MIN_REFRESH_MS);
  });

  it('a token written for another endpoint is never used', () => {
    const text = JSON.stringify({ origin: 'https://management.azure.com', token: 'abc-token' });
    assert.equal(parseTokenFile(text, 'https://management.azure.com'), 'abc-token');
    assert.equal(parseTokenFile(text, 'https://management.usgovcloudapi.net'), undefined);
    assert.equal(parseTokenFile('not json', 'https://management.azure.com'), undefined);
  });

  it('writes the file owner-only (0600)', async function () {
    if (process.platform === 'win32') this.skip();
    const path = join(mkdtempSync(join(tmpdir(), 'token-file-')), 'token.json');
    await writeTokenFile(path, { origin: 'https://x.example', token: 'secret-token' });
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  // A timer refresh overlapping a connection change's refresh: both writes are in flight at once.
  it('overlapping writes each use their own temp file: every write succeeds, the file holds one whole token and no temp file is left', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'token-file-race-'));
    const path = join(dir, 'token.json');
    const tokens = Array.from({ length: 20 }, (_, i) => `token-${i}-${'x'.repeat(2000)}`);
    await Promise.all(tokens.map((token) => writeTokenFile(path, { origin: 'https://x.example', token })));
    const held = parseTokenFile(readFileSync(path, 'utf8'), 'https://x.example');
    assert.ok(held !== undefined && tokens.includes(held));
    assert.deepEqual(readdirSync(dir), ['token.json']);
  });

  it('dist/mcp.js reads the rewritten file at the next request, says what to do in VS Code on a refused token, and takes subscriptions from a file', async function () {
    this.timeout(60_000);
    const service = await startSampleService({ seed: 3, events: 20 });
    const dir = mkdtempSync(join(tmpdir(), 'mcp-token-'));
    const tokenFile = join(dir, 'token.json');
    const subsFile = join(dir, 'subs.txt');
    writeFileSync(subsFile, `${service.subscriptionIds.join('\n')}\n`);
    await writeTokenFile(tokenFile, { origin: service.url, token: 'expired-token-0000' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(__dirname, '..', '..', '..', '..', 'dist', 'mcp.js'), '--endpoint', service.url, '--subscriptions-file', subsFile],
      env: { HEALTH_EVENTS_TOKEN_FILE: tokenFile, PATH: process.env['PATH'] ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'token-file', version: '1' });
    await client.connect(transport);
    try {
      const refused = (await client.callTool({ name: 'list_health_events', arguments: {} })) as CallToolResult;
      assert.equal(refused.isError, true);
      const text = refused.content[0]?.type === 'text' ? refused.content[0].text : '';
      assert.match(text, /in VS Code, sign in again from the Service Health view, then restart the server/u);
      assert.doesNotMatch(text, /az account/u);
      // The extension rewrites the file (a fresh token); the same server process uses it at once.
      await writeTokenFile(tokenFile, { origin: service.url, token: service.token });
      const ok = (await client.callTool({ name: 'list_health_events', arguments: { days: 30 } })) as CallToolResult;
      assert.notEqual(ok.isError, true);
      assert.match(stderr, new RegExp(`serving ${service.subscriptionIds.length} subscriptions`, 'u'));
      assert.ok(!stderr.includes(service.token));
    } finally {
      await client.close();
      await service.close();
    }
  });
});
