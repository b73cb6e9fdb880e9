// A small mocha reporter for runs inside the extension host: plain lines (no colours, no cursor tricks,
// because the output travels through the workbench console), failures with their stacks, and a closing
// `N passed, N failed` line. It also writes the report to a file when the harness asks for one.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { REPORT_FILE_ENV, summaryLine } from './protocol';

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_TEST_FAIL, EVENT_TEST_PASS, EVENT_TEST_PENDING } = Mocha.Runner.constants;

export class SummaryReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const lines: string[] = [];
    const emit = (line: string): void => {
      lines.push(line);
      console.log(line);
    };
    const indent = (suite: Mocha.Suite | undefined): string => {
      let depth = 0;
      for (let s = suite; s && !s.root; s = s.parent) depth++;
      return '  '.repeat(depth);
    };
    const failures: { title: string; err: Error }[] = [];
    let passed = 0;
    let pending = 0;

    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (!suite.root) emit(`${indent(suite.parent)}${suite.title}`);
    });
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
      passed++;
      emit(`${indent(test.parent)}✔ ${test.title} (${test.duration ?? 0} ms)`);
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, err: Error) => {
      failures.push({ title: test.fullTitle(), err });
      emit(`${indent(test.parent)}✘ ${failures.length}) ${test.title}`);
    });
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
      pending++;
      const reason = (test as Mocha.Test & { skipReason?: string }).skipReason;
      emit(`${indent(test.parent)}- ${test.title} (skipped${reason ? `: ${reason}` : ''})`);
    });
    runner.once(EVENT_RUN_END, () => {
      failures.forEach(({ title, err }, i) => {
        emit('');
        emit(`${i + 1}) ${title}:`);
        for (const l of (err.stack ?? `${err.name}: ${err.message}`).split('\n')) emit(`   ${l}`);
      });
      emit('');
      if (pending > 0) emit(`${pending} skipped`);
      // `failed` counts failed tests and failed hooks alike, as mocha's own stats do.
      emit(summaryLine(passed, failures.length));
      const file = process.env[REPORT_FILE_ENV];
      if (file) writeFileSync(file, `${lines.join('\n')}\n`);
    });
  }
}
