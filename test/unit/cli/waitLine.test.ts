import assert from 'node:assert/strict';
import { runCli } from '../../../src/core/cli/runCli';
import { waitLine } from '../../../src/core/cli/waitLine';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { FakeClock } from '../http/fakeClock';

describe('health-events CLI: long waits are visible', () => {
  let service: SampleService;

  before(async () => {
    service = await startSampleService({ seed: 5, events: 10, pageSize: 10 });
  });
  after(async () => {
    await service.close();
  });

  it('a service that asks to slow down (429, retry-after 60): one stderr line when the wait starts, then the result', async () => {
    service.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 60, code: 'TooManyRequests' }, { times: 1, path: /events$/ });
    const clock = new FakeClock(Date.now());
    let stdout = '';
    let stderr = '';
    const run = runCli(['list', '--endpoint', service.url, '--subscription', service.subscriptionIds[0] ?? '', '--since', '2000-01-01T00:00:00Z'], {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { HEALTH_EVENTS_TOKEN: service.token },
      clock,
    });
    // The line is there when the wait starts, before any result; the result comes once the 60 s are over.
    assert.equal(await clock.nextSleep(), 60_000);
    assert.equal(stderr, 'waiting 60 s: secondary rate limit, retry 1 of 5\n');
    assert.equal(stdout, '');
    await clock.tick(60_000);
    const code = await run;
    assert.equal(code, 0, stderr);
    assert.equal(stderr, 'waiting 60 s: secondary rate limit, retry 1 of 5\n');
    assert.notEqual(stdout, '');
  });

  it('words the primary limit with its bucket, and rounds up to whole seconds', () => {
    assert.equal(waitLine({ kind: 'primary', ms: 1_500, until: 0, retry: 2, maxRetries: 5, resource: 'core' }), 'waiting 2 s: core rate limit used up, retry 2 of 5\n');
    assert.equal(waitLine({ kind: 'primary', ms: 10, until: 0, retry: 1, maxRetries: 5, resource: 'unknown' }), 'waiting 1 s: rate limit used up, retry 1 of 5\n');
  });
});
