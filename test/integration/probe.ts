// Extension-host side of the browser probes (see probeProtocol.ts): writes a request into the
// folder the harness watches and waits for its result. Only the offline harness answers; under
// @vscode/test-electron there is no probe folder and callers skip.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROBE_DIR_ENV, type ProbeRequest, type ProbeResult } from './probeProtocol';

export function probeDir(): string | undefined {
  return process.env[PROBE_DIR_ENV] || undefined;
}

/**
 * Skips the running test with its reason: the reporter prints "(skipped: reason)" and counts it
 * as skipped, so a check that did not run never reads as passed.
 */
export function skipBecause(ctx: Mocha.Context, reason: string): never {
  if (ctx.test) (ctx.test as Mocha.Runnable & { skipReason?: string }).skipReason = reason;
  console.log(`skipped "${ctx.test?.title ?? ''}": ${reason}`);
  ctx.skip();
}

export async function runBrowserProbe<R extends ProbeRequest>(request: R, waitMs = request.timeoutMs + 15_000): Promise<ProbeResult<R>> {
  const dir = probeDir();
  if (!dir) {
    throw new Error(`${PROBE_DIR_ENV} is not set: browser probes need the offline harness (npm run test:vscode).`);
  }
  await mkdir(dir, { recursive: true });
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  await writeFile(join(dir, `${id}.request.json`), JSON.stringify(request));
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return JSON.parse(await readFile(join(dir, `${id}.result.json`), 'utf8')) as ProbeResult<R>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (Date.now() > deadline) throw new Error(`The harness did not answer browser probe ${request.kind} within ${waitMs} ms.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
