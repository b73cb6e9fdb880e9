// Runs the CLI in-process and keeps what it wrote: the set-up every CLI test file shares.
import { runCli } from '../../../src/core/cli/runCli';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(argv: string[], env: Record<string, string | undefined> = {}, signal?: AbortSignal): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    signal,
  });
  return { code, stdout, stderr };
}
