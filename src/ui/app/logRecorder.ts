/**
 * Test hook: a LogOutputChannel that also keeps every line written to it, whatever the log
 * level, so integration tests can assert what reached the log (no token, no `Bearer `).
 * The composition root uses it only outside Production mode.
 */
import type * as vscode from 'vscode';

const LEVELS = new Set<PropertyKey>(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/** Keeps the newest lines only, so a long development session cannot grow it without end. */
const MAX_LINES = 50_000;

function format(args: readonly unknown[]): string {
  return args
    .map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : safeJson(a)))
    .join(' ');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Wraps `channel`; every write is also pushed to `lines` as `<level> <text>`. */
export function recordingLog(channel: vscode.LogOutputChannel, lines: string[]): vscode.LogOutputChannel {
  return new Proxy(channel, {
    get(target, prop, receiver): unknown {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') {
        return value;
      }
      const fn = value as (...args: unknown[]) => unknown;
      if (!LEVELS.has(prop)) {
        return fn.bind(target);
      }
      return (...args: unknown[]): unknown => {
        lines.push(`${String(prop)} ${format(args)}`);
        if (lines.length > MAX_LINES) {
          lines.splice(0, lines.length - MAX_LINES);
        }
        return fn.apply(target, args);
      };
    },
  });
}
