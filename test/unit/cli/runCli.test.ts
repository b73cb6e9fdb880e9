import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runCli } from '../../../src/core/cli/runCli';
import { cli, type Run } from './cliRun';
import { FakeClock } from '../http/fakeClock';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';


const SINCE = ['--since', '2000-01-01T00:00:00Z'];

describe('health-events CLI (in-process, against the sample service)', () => {
  let service: SampleService;
  let env: Record<string, string>;
  let subs: string[];

  before(async () => {
    service = await startSampleService({ seed: 3, events: 60, pageSize: 10 });
    env = { HEALTH_EVENTS_TOKEN: service.token };
    subs = service.subscriptionIds;
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    service.knobs.denyFetchEventDetails = false;
  });

  it('prints help with exit 0, and usage errors with exit 2', async () => {
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: health-events <command>/);
    const listHelp = await cli(['list', '--help']);
    assert.equal(listHelp.code, 0);
    assert.match(listHelp.stdout, /--subscription ID/);
    assert.equal((await cli([])).code, 2);
    const unknown = await cli(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const badOption = await cli(['list', '--colour', 'red']);
    assert.equal(badOption.code, 2);
    assert.equal(badOption.stderr.trim().split('\n').length, 1);
    const missing = await cli(['list', '--endpoint', service.url], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--subscription ID is required/);
    const badSince = await cli(['list', '--endpoint', service.url, '--subscription', 'x', '--since', 'yesterday-ish'], env);
    assert.equal(badSince.code, 2);
  });

  it('refuses plain http to a non-loopback endpoint with a clear usage error', async () => {
    const run = await cli(['list', '--endpoint', 'http://example.com', '--subscription', 'x'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /plain http is allowed only for 127\.0\.0\.1/);
    assert.ok(!run.stderr.includes(service.token));
  });

  it('list prints one row per event, fitted to 80 columns when stdout is not a terminal, and a one-line summary', async () => {
    const run = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', ...SINCE], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    const header = lines[0] ?? '';
    assert.match(header, /^STATUS\s+(LEVEL\s+)?ID\s+TITLE\s+UPDATED$/);
    const expected = service.events.filter((g) => g.subscriptionIds.includes(subs[0] ?? ''));
    const rows = lines.slice(1, 1 + expected.length);
    const idCol = header.indexOf('ID');
    for (const g of expected) {
      assert.ok(rows.some((r) => r.slice(idCol).startsWith(g.event.name ?? '?')), `row for ${g.event.name}`);
    }
    for (const line of lines.slice(0, 1 + expected.length)) assert.ok(line.length <= 80, `wider than 80: ${line}`);
    assert.ok(!run.stdout.includes('\u001b'), 'colour without a terminal');
    // "in <name>": the subscription's name, listed once (see subscriptionNames.test.ts).
    const active = expected.filter((g) => g.event.properties?.status === 'Active').length;
    assert.match(run.stdout, new RegExp(`\\n${active} active · ${expected.length - active} resolved in [^;\\n]+; \\d+ requests?, `));
    assert.ok(!run.stdout.includes(service.token));
  });

  it('list --json prints events as received, the request count and the latest quota', async () => {
    const run = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', '--subscription', subs[1] ?? '', ...SINCE, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { events: { name: string; properties: Record<string, unknown> }[]; requests: number; rateLimit: { remaining: number } | null };
    const expected = service.events.filter((g) => g.subscriptionIds.includes(subs[0] ?? '') || g.subscriptionIds.includes(subs[1] ?? ''));
    const expectedCount = service.events.reduce((n, g) => n + (g.subscriptionIds.includes(subs[0] ?? '') ? 1 : 0) + (g.subscriptionIds.includes(subs[1] ?? '') ? 1 : 0), 0);
    assert.equal(out.events.length, expectedCount);
    assert.ok(expected.every((g) => out.events.some((e) => e.name === g.event.name)));
    const pages = (n: number) => Math.max(1, Math.ceil(n / 10));
    const count = (s: string) => service.events.filter((g) => g.subscriptionIds.includes(s)).length;
    assert.equal(out.requests, pages(count(subs[0] ?? '')) + pages(count(subs[1] ?? '')));
    assert.ok(out.rateLimit !== null && typeof out.rateLimit.remaining === 'number');
  });

  it('list with one failing subscription prints the others and exits 1 with one line for the failure', async () => {
    const run = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', '--subscription', 'missing-sub', ...SINCE], env);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^STATUS\s+ID\s+TITLE\s+SUBSCRIPTIONS\s+UPDATED/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
    assert.match(run.stderr, /subscription missing-sub: .*pick another subscription\./);
  });

  it('list passes --filter, and --service builds one', async () => {
    const g = service.events.find((e) => e.subscriptionIds.includes(subs[0] ?? '') && e.event.properties?.impact?.[0]?.impactedService);
    const svc = g?.event.properties?.impact?.[0]?.impactedService ?? '';
    const a = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', ...SINCE, '--json', '--service', svc], env);
    const b = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', ...SINCE, '--json', '--filter', `service eq '${svc.replace(/'/g, "''")}'`], env);
    assert.equal(a.code, 0, a.stderr);
    const names = (r: Run) => (JSON.parse(r.stdout) as { events: { name: string }[] }).events.map((e) => e.name).sort();
    assert.deepEqual(names(a), names(b));
    assert.ok(names(a).includes(g?.event.name ?? ''));
    const bad = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '', '--filter', "service eq 'x"], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /fix the filter/);
  });

  it('details shows the hidden text of a sensitive event; 403 gives the role message', async () => {
    const sensitive = service.events.find((g) => g.event.properties?.isEventSensitive && g.event.properties.summary);
    assert.ok(sensitive);
    const args = ['details', '--endpoint', service.url, '--subscription', sensitive.subscriptionIds[0] ?? '', '--tracking-id', sensitive.event.name ?? ''];
    const json = await cli([...args, '--json'], env);
    assert.equal(json.code, 0, json.stderr);
    assert.equal((JSON.parse(json.stdout) as { properties: { summary: string } }).properties.summary, sensitive.event.properties?.summary);
    const human = await cli(args, env);
    assert.match(human.stdout, new RegExp(`Tracking id:\\s+${sensitive.event.name}`));
    assert.match(human.stdout, /\nSummary:\n/);
    service.knobs.denyFetchEventDetails = true;
    const denied = await cli(args, env);
    assert.equal(denied.code, 1);
    assert.match(denied.stderr, /Owner\/Subscription Admin role/);
    assert.equal(denied.stderr.trim().split('\n').length, 1);
  });

  it('subscriptions and rate-limit work in table and JSON form', async () => {
    const subsRun = await cli(['subscriptions', '--endpoint', service.url], env);
    assert.equal(subsRun.code, 0);
    assert.match(subsRun.stdout, /^SUBSCRIPTION ID\s+STATE\s+NAME/);
    for (const s of subs) {
      assert.ok(subsRun.stdout.includes(s));
    }
    const rl = await cli(['rate-limit', '--endpoint', service.url], env);
    assert.equal(rl.code, 0, rl.stderr);
    assert.match(rl.stdout, /^CATEGORY\s+LIMIT\s+REMAINING\s+USED\s+RESETS/);
    assert.match(rl.stdout, /\ncore\s+\d+/);
    const rlJson = JSON.parse((await cli(['rate-limit', '--endpoint', service.url, '--json'], env)).stdout) as { status: { resources: Record<string, unknown> }; requests: number };
    assert.ok(rlJson.status.resources['core']);
    assert.equal(rlJson.requests, 1);
  });

  it('without a token: says to set HEALTH_EVENTS_TOKEN, exit 1', async () => {
    const run = await cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? '']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /set HEALTH_EVENTS_TOKEN/);
  });

  it('never prints the token: wrong token, --token warning, and service errors (a refused port retried on a fake clock)', async () => {
    const wrong = 'wrong-token-abcdefghijklmnop';
    // Every wait on a fake clock: the refused port's retry backoff slept up to 1.75 s of real time.
    const clock = new FakeClock(Date.now());
    const a = await clock.runUntil(cli(['list', '--endpoint', service.url, '--subscription', subs[0] ?? ''], { HEALTH_EVENTS_TOKEN: wrong }, undefined, clock));
    assert.equal(a.code, 1);
    assert.match(a.stderr, /did not accept the token.*set HEALTH_EVENTS_TOKEN/);
    const b = await clock.runUntil(cli(['details', '--endpoint', service.url, '--subscription', subs[0] ?? '', '--tracking-id', 'NOPE', '--token', service.token], {}, undefined, clock));
    assert.equal(b.code, 1);
    assert.match(b.stderr, /--token is visible to other users in the process list/);
    assert.deepEqual(clock.sleeps, [], 'a rejected token and a missing event are answered without a wait');
    const c = await clock.runUntil(cli(['list', '--endpoint', 'http://127.0.0.1:1', '--subscription', subs[0] ?? '', '--token', wrong], {}, undefined, clock));
    assert.equal(c.code, 1);
    assert.match(c.stderr, /Nothing answered at http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
    // The events and the subscription names (two requests) are each tried 4 times: 3 waits each.
    assert.equal(clock.sleeps.length, 6, `waits: ${clock.sleeps.join(', ')}`);
    for (const run of [a, b, c]) {
      assert.ok(!run.stdout.includes(wrong) && !run.stderr.includes(wrong));
      assert.ok(!run.stdout.includes(service.token) && !run.stderr.includes(service.token));
      assert.ok(!/\n\s+at /.test(run.stderr), 'no stack trace');
    }
  });

  it('serve-sample prints the URL first, serves, and stops when aborted', async () => {
    const controller = new AbortController();
    let stdout = '';
    let resolveStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (resolveStarted = resolve));
    const done = runCli(['serve-sample', '--port', '0', '--seed', '5', '--events', '20', '--page-size', '5'], {
      stdout: {
        write: (s: string) => {
          stdout += s;
          if (stdout.includes('subscriptions:')) {
            resolveStarted();
          }
        },
      },
      stderr: { write: () => undefined },
      env: {},
      signal: controller.signal,
    });
    await started;
    const [first, tokenLine, subsLine] = stdout.split('\n');
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first ?? '')?.[1];
    assert.ok(url, first);
    const token = /^token: (\S+)$/.exec(tokenLine ?? '')?.[1] ?? '';
    const sub = (subsLine ?? '').replace(/^subscriptions: /, '').split(' ')[0] ?? '';
    const run = await cli(['list', '--endpoint', url, '--subscription', sub, ...SINCE, '--json'], { HEALTH_EVENTS_TOKEN: token });
    assert.equal(run.code, 0, run.stderr);
    controller.abort();
    assert.equal(await done, 0);
    const after = await cli(['list', '--endpoint', url, '--subscription', sub], { HEALTH_EVENTS_TOKEN: token });
    assert.equal(after.code, 1);
    // A stopped local service: no advice about networks or proxies for a process on this machine.
    assert.match(after.stderr, /Nothing answered at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); the local service there has stopped/);
    assert.doesNotMatch(after.stderr, /network|proxy/i);
  });
});

describe('health-events CLI (built dist/cli.js)', function () {
  this.timeout(60_000);
  const root = path.resolve(__dirname, '../../../..');
  const cliPath = path.join(root, 'dist', 'cli.js');

  before(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(cliPath));
  });

  it('runs serve-sample and list as real processes; SIGTERM stops the server with exit 0', async () => {
    const server = spawn(process.execPath, [cliPath, 'serve-sample', '--port', '0', '--seed', '9', '--events', '30'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const rl = createInterface({ input: server.stdout });
    await new Promise<void>((resolve, reject) => {
      rl.on('line', (line) => {
        lines.push(line);
        if (line.startsWith('subscriptions:')) {
          resolve();
        }
      });
      server.once('exit', (code) => reject(new Error(`serve-sample exited early with ${code}`)));
    });
    try {
      assert.match(lines[0] ?? '', /^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = (lines[0] ?? '').replace('listening on ', '');
      const token = (lines[1] ?? '').replace('token: ', '');
      const sub = (lines[2] ?? '').replace('subscriptions: ', '').split(' ')[0] ?? '';
      const list = spawnSync(process.execPath, [cliPath, 'list', '--endpoint', url, '--subscription', sub, '--since', '2000-01-01'], {
        encoding: 'utf8',
        env: { ...process.env, HEALTH_EVENTS_TOKEN: token },
      });
      assert.equal(list.status, 0, list.stderr);
      assert.match(list.stdout, /^STATUS\s+(LEVEL\s+)?ID\s/);
      const bad = spawnSync(process.execPath, [cliPath, 'list', '--endpoint', url, '--subscription', sub], {
        encoding: 'utf8',
        env: { ...process.env, HEALTH_EVENTS_TOKEN: 'not-the-token-0123456789' },
      });
      assert.equal(bad.status, 1);
      assert.equal(bad.stderr.trim().split('\n').length, 1);
      assert.ok(!bad.stderr.includes('not-the-token-0123456789'));
      const usage = spawnSync(process.execPath, [cliPath, 'list', '--nope'], { encoding: 'utf8' });
      assert.equal(usage.status, 2);
    } finally {
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGTERM');
      assert.equal(await exited, 0);
    }
  });
});
