// Runs the unit tests (plain Node) and then the integration suites inside a real VS Code, streams
// their output, and closes with one total line `N passed, N failed` that CI reads.
import { spawn } from 'node:child_process';

const SUMMARY = /^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/;

function run(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let last;
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const m = SUMMARY.exec(line.trim());
        if (m) last = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
      }
    });
    child.on('close', (code) => {
      const m = SUMMARY.exec(buffered.trim());
      if (m) last = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
      // A suite that exits non-zero without a report still counts as one failure.
      const result = last ?? { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
      if (code !== 0 && result.failed === 0) result.failed = 1;
      console.log(`[${label}] exit ${code}: ${result.passed} passed, ${result.failed} failed`);
      resolve(result);
    });
  });
}

const only = process.argv[2];
const suites = [
  ['unit', 'npx', ['mocha']],
  ['vscode', process.execPath, ['scripts/test-vscode.mjs']],
  ['ui', process.execPath, ['scripts/test-ui.mjs']],
  // Last: it builds the production .vsix into dist/ and exercises it installed, as users get it.
  ['vsix', process.execPath, ['scripts/test-vsix.mjs']],
].filter(([label]) => !only || label === only);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const [label, command, args] of suites) {
  const r = await run(label, command, args);
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
