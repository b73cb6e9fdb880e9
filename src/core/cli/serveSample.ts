/** `health-events serve-sample`: runs the local sample service until aborted (SIGINT/SIGTERM). */
import { startSampleService, type SampleServiceOptions } from '../sample/server';
import type { CommandContext } from './commands';
import { parseNonNegativeInt, UsageError } from './options';

export async function runServeSample(ctx: CommandContext): Promise<number> {
  const opt = (name: string) => parseNonNegativeInt(name, typeof ctx.values[name] === 'string' ? (ctx.values[name] as string) : undefined);
  const port = opt('port');
  if (port !== undefined && port > 65535) {
    throw new UsageError('--port must be between 0 and 65535.');
  }
  const pageSize = opt('page-size');
  if (pageSize === 0) {
    throw new UsageError('--page-size must be at least 1.');
  }
  // Only the options given are passed, so the service keeps its own defaults for the rest.
  const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const rateLimits = defined({ primaryLimit: opt('primary-limit'), windowSeconds: opt('window-seconds') });
  const options: SampleServiceOptions = {
    ...defined({ port, events: opt('events'), seed: opt('seed'), latencyMs: opt('latency-ms'), pageSize }),
    ...(Object.keys(rateLimits).length > 0 ? { rateLimits } : {}),
  };
  const service = await startSampleService(options);
  try {
    // The first line is the contract scripts read: the URL to talk to.
    ctx.stdout.write(`listening on ${service.url}\n`);
    // The sample's own throwaway token, not a real credential: printing it is the point.
    ctx.stdout.write(`token: ${service.token}\n`);
    ctx.stdout.write(`subscriptions: ${service.subscriptionIds.join(' ')}\n`);
    ctx.stderr.write('Press Ctrl+C to stop.\n');
    await waitForStop(ctx.signal);
  } finally {
    await service.close();
  }
  ctx.stderr.write('sample service stopped.\n');
  return 0;
}

/** Resolves when the signal aborts, or, without one, on SIGINT or SIGTERM. */
function waitForStop(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) {
        resolve();
      } else {
        signal.addEventListener('abort', () => resolve(), { once: true });
      }
      return;
    }
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
