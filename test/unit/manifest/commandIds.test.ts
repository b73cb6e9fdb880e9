// The command ids and context keys in src/ui/base/commandIds.ts against package.json, both ways:
// every id the manifest names (commands, menus, keybindings, `command:` links) is a constant, and
// every constant is contributed or listed as internal with a reason. The same for the context keys
// our `when` clauses read.
import assert from 'node:assert/strict';
import { Command, ContextKey, INTERNAL_COMMANDS, INTERNAL_CONTEXT_KEYS } from '../../../src/ui/base/commandIds';
import { localizedManifest } from './localizedManifest';

const OURS = 'serviceHealth.';

interface Manifest {
  readonly activationEvents?: readonly string[];
  readonly contributes: { readonly commands: ReadonlyArray<{ readonly command: string }> } & Record<string, unknown>;
}

/** Every string in a JSON value, with the property name it sits under. */
function strings(value: unknown, key?: string): Array<{ key: string | undefined; text: string }> {
  if (typeof value === 'string') return [{ key, text: value }];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}

/** Command ids the manifest names: `command` properties, `command:id` links, `onCommand:id` events. */
function commandsNamed(manifest: Manifest): Set<string> {
  const ids = new Set<string>();
  for (const { key, text } of strings([manifest.contributes, manifest.activationEvents ?? []])) {
    if (key === 'command') ids.add(text);
    // Ours only: walkthrough links may run VS Code's own commands (workbench.view.extension.…).
    for (const m of text.matchAll(/\b(?:onC|c)ommand:([\w.-]+)/gu)) if (m[1]?.startsWith(OURS)) ids.add(m[1]);
  }
  return ids;
}

/** Context keys read by the manifest's `when` and `enablement` clauses and `onContext:` completion events (the left side of each term). */
function contextKeysRead(manifest: Manifest): Set<string> {
  const keys = new Set<string>();
  for (const { key, text: raw } of strings(manifest.contributes)) {
    const isEvent = key === 'completionEvents' && raw.startsWith('onContext:');
    if (key !== 'when' && key !== 'enablement' && !isEvent) continue;
    const text = isEvent ? raw.slice('onContext:'.length) : raw;
    // Regex literals (`viewItem =~ /.../`) may hold `&&` or `||`: drop them before splitting.
    const clause = text.replace(/=~\s*\/(?:\\.|[^/\\])*\/[a-z]*/gu, '=~ regex');
    for (const term of clause.split(/&&|\|\|/u)) {
      const name = /^[\s(!]*([A-Za-z_][\w.-]*)/u.exec(term)?.[1];
      if (name) keys.add(name);
    }
  }
  return keys;
}

// Localized: the `command:` links of welcome views and walkthroughs live in package.nls.json.
const manifest = localizedManifest<Manifest>();
const commandIds = new Set<string>(Object.values(Command));
const contextKeys = new Set<string>(Object.values(ContextKey));
const contributed = new Set(manifest.contributes.commands.map((c) => c.command));

describe('command ids and context keys (commandIds.ts vs package.json)', () => {
  it('every command the manifest names (commands, menus, welcome links) is a constant', () => {
    const named = commandsNamed(manifest);
    assert.ok(named.has(Command.signIn) && named.has(Command.openResourceInPortal), 'the walk found no commands');
    const missing = [...named].filter((id) => !commandIds.has(id));
    assert.deepEqual(missing, [], 'named in package.json but not in commandIds.ts');
  });

  it('every command constant is contributed, or internal with a reason (never both)', () => {
    for (const id of commandIds) {
      const reason = INTERNAL_COMMANDS[id as keyof typeof INTERNAL_COMMANDS];
      if (reason === undefined) {
        assert.ok(contributed.has(id), `${id} is neither in contributes.commands nor listed in INTERNAL_COMMANDS`);
      } else {
        assert.ok(!contributed.has(id), `${id} is contributed, yet listed as internal`);
        assert.ok(reason.trim().length > 10, `${id}: say why it is internal`);
      }
    }
  });

  it('no two constants share an id', () => {
    assert.equal(commandIds.size, Object.keys(Command).length);
    assert.equal(contextKeys.size, Object.keys(ContextKey).length);
  });

  it('every context key of ours a when clause reads is a constant', () => {
    const read = contextKeysRead(manifest);
    assert.ok(read.has(ContextKey.signedIn) && read.has('view'), 'the parse found no keys');
    const missing = [...read].filter((k) => k.startsWith(OURS) && !contextKeys.has(k));
    assert.deepEqual(missing, [], 'read by package.json but not in commandIds.ts');
  });

  it('every context key constant is read by a when clause, or internal with a reason (never both)', () => {
    const read = contextKeysRead(manifest);
    for (const key of contextKeys) {
      const reason = INTERNAL_CONTEXT_KEYS[key as keyof typeof INTERNAL_CONTEXT_KEYS];
      if (reason === undefined) {
        assert.ok(read.has(key), `${key} is read by no when clause and not listed in INTERNAL_CONTEXT_KEYS`);
      } else {
        assert.ok(!read.has(key), `${key} is read by package.json, yet listed as internal`);
        assert.ok(reason.trim().length > 10, `${key}: say why it is internal`);
      }
    }
  });

  it('the when-clause reader takes keys, not values or regexes', () => {
    const read = contextKeysRead({
      contributes: {
        commands: [],
        menus: { x: [{ when: 'view == serviceHealth.events && !serviceHealth.signedIn && (a.b || viewItem =~ /^x&&y|z/) && serviceHealth.mode != sample' }] },
      },
    });
    assert.deepEqual([...read].sort(), ['a.b', 'serviceHealth.mode', 'serviceHealth.signedIn', 'view', 'viewItem']);
  });

  it('the command reader finds `command` properties, command: links and onCommand: events', () => {
    const named = commandsNamed({
      activationEvents: ['onCommand:serviceHealth.a'],
      contributes: { commands: [{ command: 'serviceHealth.b' }], viewsWelcome: [{ contents: '[Go](command:serviceHealth.c)' }] },
    });
    assert.deepEqual([...named].sort(), ['serviceHealth.a', 'serviceHealth.b', 'serviceHealth.c']);
  });

  it('the readers see walkthrough links and onContext: completion events, VS Code\'s own commands left out', () => {
    const walkthrough = {
      contributes: {
        commands: [],
        walkthroughs: [{ steps: [{ description: '[Go](command:serviceHealth.x) [View](command:workbench.view.extension.serviceHealth)', completionEvents: ['onContext:serviceHealth.y || serviceHealth.mode == sample', 'onCommand:serviceHealth.z'] }] }],
      },
    };
    assert.deepEqual([...commandsNamed(walkthrough)].sort(), ['serviceHealth.x', 'serviceHealth.z']);
    assert.deepEqual([...contextKeysRead(walkthrough)].sort(), ['serviceHealth.mode', 'serviceHealth.y']);
  });
});
