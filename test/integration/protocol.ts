// What the extension-host side of the integration tests and the harness that drives them agree on.
// No `vscode` import here: the harness (plain Node) reads these too.

/** Printed around the mocha run so the harness can pick the report out of the workbench's console. */
export const REPORT_BEGIN = '@@service-health:integration-report:begin@@';
export const REPORT_END = '@@service-health:integration-report:end@@';

/** When set (by the harness, through the server's environment), the reporter also writes the report to this file. */
export const REPORT_FILE_ENV = 'SERVICE_HEALTH_TEST_REPORT';

/** Optional mocha `grep` for running a subset of the suites. */
export const GREP_ENV = 'SERVICE_HEALTH_TEST_GREP';

/** The report's last line, which CI reads: `N passed, N failed`. */
export const SUMMARY_LINE = /^(\d+) passed, (\d+) failed$/;

export function summaryLine(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}
