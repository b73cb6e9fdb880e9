// Runs the CLI in-process and keeps what it wrote: the set-up every CLI test file shares.
import { runCli } from '../../../src/core/cli/runCli';
import type { Clock } from '../../../src/core/http/types';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `clock`: a fake clock for every wait of the run (retries, rate limits), so no test sleeps in real time. */
export async function cli(argv: string[], env: Record<string, string | undefined> = {}, signal?: AbortSignal, clock?: Clock): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    signal,
    ...(clock ? { clock } : {}),
  });
  return { code, stdout, stderr };
}
