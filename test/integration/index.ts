// Entry point of the integration tests inside a real VS Code extension host. It has the standard
// `run()` shape, so the offline harness (`npm run test:vscode`, VS Code server + Chromium) and
// `@vscode/test-electron` on a desktop with internet (`npm run test:desktop`) load the same suites.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { GREP_ENV, REPORT_BEGIN, REPORT_END } from './protocol';
import { SummaryReporter } from './reporter';

/** Compiled suites next to this file: `out/test/integration/**\/*.test.js`, in a stable order. */
export function findSuites(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => join(dir, f));
}

export async function run(): Promise<void> {
  const grep = process.env[GREP_ENV];
  const mocha = new Mocha({ ui: 'bdd', reporter: SummaryReporter, timeout: 30_000, color: false, ...(grep ? { grep } : {}) });
  const suites = findSuites(__dirname);
  if (suites.length === 0) throw new Error(`No integration suites (*.test.js) found under ${__dirname}; run \`npm run compile\` first.`);
  for (const file of suites) mocha.addFile(file);

  console.log(REPORT_BEGIN);
  let failures: number;
  try {
    failures = await new Promise<number>((resolve) => mocha.run(resolve));
  } finally {
    console.log(REPORT_END);
  }
  if (failures > 0) throw new Error(`${failures} integration test(s) failed.`);
}
