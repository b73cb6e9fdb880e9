// The error handling every command gets (src/ui/base/commandFailure.ts, wrapped by registerCommand):
// one sentence to the user and one log line per failure, nothing for a cancellation.
import assert from 'node:assert/strict';
import { commandFailure, withErrorHandling, type CommandFailure } from '../../../src/ui/base/commandFailure';

function wrapped(run: (...args: unknown[]) => unknown): { call: (...args: unknown[]) => Promise<unknown>; reported: CommandFailure[] } {
  const reported: CommandFailure[] = [];
  return { call: withErrorHandling('serviceHealth.refresh', run, (f) => reported.push(f)), reported };
}

describe('command error handling', () => {
  it('a command that succeeds returns its value (with its arguments) and reports nothing', async () => {
    const { call, reported } = wrapped(async (a, b) => `${String(a)}+${String(b)}`);
    assert.equal(await call('x', 2), 'x+2');
    assert.deepEqual(reported, []);
  });

  it('a service failure (a rejected promise) shows its sentence once, logs it with the id, and resolves undefined', async () => {
    const { call, reported } = wrapped(() => Promise.reject(new Error('The service is unavailable; try again later.')));
    assert.equal(await call(), undefined);
    assert.deepEqual(reported, [
      { message: 'The service is unavailable; try again later.', logLine: 'serviceHealth.refresh: The service is unavailable; try again later.' },
    ]);
  });

  it('a synchronous throw is handled the same way (the command does not reject into VS Code)', async () => {
    const { call, reported } = wrapped(() => {
      throw new Error('Sign in first.');
    });
    assert.equal(await call(), undefined);
    assert.equal(reported.length, 1);
    assert.equal(reported[0]?.message, 'Sign in first.');
  });

  it('the user cancelling (vscode.CancellationError, named Canceled) says nothing', async () => {
    const canceled = Object.assign(new Error('Canceled'), { name: 'Canceled' });
    const { call, reported } = wrapped(() => Promise.reject(canceled));
    assert.equal(await call(), undefined);
    assert.deepEqual(reported, []);
  });

  it('an aborted request (AbortError from an aborted signal) says nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const { call, reported } = wrapped(() => Promise.reject(controller.signal.reason));
    assert.equal(await call(), undefined);
    assert.deepEqual(reported, []);
  });

  it('a thrown string is shown as it is', () => {
    assert.equal(commandFailure('serviceHealth.signIn', 'No network.')?.message, 'No network.');
  });

  it('an error without a message still gets one sentence that says what to do', () => {
    for (const error of [new Error(''), new Error('   '), '']) {
      const failure = commandFailure('serviceHealth.showQuota', error);
      assert.equal(failure?.message, 'The command serviceHealth.showQuota failed without a reason; run "Service Health: Show Log" and try again.');
      assert.equal(failure?.logLine, `serviceHealth.showQuota: ${failure?.message}`);
    }
  });

  it('the sentence for an error without a message comes from the caller (translated by vscode.l10n in commands.ts)', async () => {
    const reported: CommandFailure[] = [];
    const call = withErrorHandling('serviceHealth.refresh', () => Promise.reject(new Error('')), (f) => reported.push(f), (id) => `La commande ${id} a échoué.`);
    await call();
    assert.deepEqual(reported.map((f) => f.message), ['La commande serviceHealth.refresh a échoué.']);
  });

  it('an error that merely mentions cancelling is still shown', () => {
    assert.equal(commandFailure('serviceHealth.signIn', new Error('Canceled by the server; try again.'))?.message, 'Canceled by the server; try again.');
  });
});
