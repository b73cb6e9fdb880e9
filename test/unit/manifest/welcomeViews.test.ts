// The Events view's welcome messages: VS Code shows every one whose `when` clause holds, stacked.
// Two at once contradict each other ("Sign in" above "signing in would not help yet"), so for every
// combination of the context keys the clauses read, at most one may hold.
import assert from 'node:assert/strict';
import { localizedManifest } from './localizedManifest';

interface Welcome {
  readonly view: string;
  readonly when: string;
  readonly contents: string;
}

type Context = ReadonlyMap<string, string | boolean | undefined>;

/**
 * The subset of VS Code's when-clause syntax the manifest uses: `key`, `!key`, `key == value`,
 * `key != value`, joined by `&&` and `||` (`&&` binds tighter). Anything else throws, so a clause
 * this evaluator cannot read fails the test instead of being misread.
 */
function evaluate(clause: string, context: Context): boolean {
  return clause.split('||').some((conjunction) => conjunction.split('&&').every((term) => evaluateTerm(term.trim(), context)));
}

function evaluateTerm(term: string, context: Context): boolean {
  const comparison = /^([\w.]+)\s*(==|!=)\s*([\w.-]+)$/u.exec(term);
  if (comparison) {
    const [, key, op, literal] = comparison;
    const equal = String(context.get(key!)) === literal;
    return op === '==' ? equal : !equal;
  }
  const plain = /^(!?)([\w.]+)$/u.exec(term);
  assert.ok(plain, `the evaluator does not read the when-clause term "${term}"`);
  const truthy = Boolean(context.get(plain[2]!));
  return plain[1] === '!' ? !truthy : truthy;
}

/** Each key the clauses read, with the values worth trying: the literals compared to, unset, and true/false. */
function keyValues(clauses: readonly string[]): Map<string, Array<string | boolean | undefined>> {
  const values = new Map<string, Set<string | boolean | undefined>>();
  for (const clause of clauses) {
    for (const term of clause.split(/&&|\|\|/u).map((t) => t.trim())) {
      const m = /^!?([\w.]+)(?:\s*(?:==|!=)\s*([\w.-]+))?$/u.exec(term);
      assert.ok(m, `the evaluator does not read the when-clause term "${term}"`);
      const set = values.get(m[1]!) ?? new Set<string | boolean | undefined>([undefined, true, false]);
      if (m[2] !== undefined) set.add(m[2]);
      values.set(m[1]!, set);
    }
  }
  return new Map([...values].map(([k, v]) => [k, [...v]]));
}

function* combinations(values: ReadonlyMap<string, ReadonlyArray<string | boolean | undefined>>): Generator<Context> {
  const keys = [...values.keys()];
  const index = keys.map(() => 0);
  for (;;) {
    yield new Map(keys.map((k, i) => [k, values.get(k)![index[i]!]]));
    let i = 0;
    while (i < keys.length && ++index[i]! === values.get(keys[i]!)!.length) {
      index[i] = 0;
      i++;
    }
    if (i === keys.length) return;
  }
}

const welcomes = localizedManifest<{ contributes: { viewsWelcome: Welcome[] } }>().contributes.viewsWelcome.filter(
  (w) => w.view === 'serviceHealth.events',
);

/** The first line of each message that holds in `context`. */
function shown(context: Context): string[] {
  return welcomes.filter((w) => evaluate(w.when, context)).map((w) => w.contents.split('\n')[0]!);
}

describe('Events view welcome messages (package.json viewsWelcome)', () => {
  it('the evaluator reads the clauses as VS Code does: && binds tighter than ||, == compares the value, ! negates', () => {
    const ctx: Context = new Map<string, string | boolean | undefined>([['a', true], ['b', false], ['m', 'azure']]);
    assert.equal(evaluate('a && b || m == azure', ctx), true);
    assert.equal(evaluate('a && b || m != azure', ctx), false);
    assert.equal(evaluate('!b && a', ctx), true);
    assert.equal(evaluate('missing', ctx), false);
    assert.equal(evaluate('m == sample', ctx), false);
    assert.throws(() => evaluate('a && (b || a)', ctx), /does not read/u);
  });

  it('at most one message shows for every combination of the context keys the clauses read', () => {
    const values = keyValues(welcomes.map((w) => w.when));
    assert.ok(values.has('serviceHealth.endpointUnreachable') && values.has('serviceHealth.signedIn'), 'the clauses read other keys than expected');
    let states = 0;
    for (const context of combinations(values)) {
      states++;
      const messages = shown(context);
      assert.ok(messages.length <= 1, `${messages.length} welcome messages at once for ${JSON.stringify(Object.fromEntries(context))}:\n${messages.join('\n')}`);
    }
    // mode (unset, true, false, azure) times 3 values for each of the 6 other keys.
    assert.equal(states, 4 * 3 ** 6);
  });

  it('signed out with an endpoint that cannot be reached: only "signing in would not help yet", never "Sign in" too', () => {
    const context: Context = new Map<string, string | boolean | undefined>([
      ['serviceHealth.mode', 'azure'],
      ['serviceHealth.signedIn', false],
      ['serviceHealth.signingIn', false],
      ['serviceHealth.endpointUnreachable', true],
      ['serviceHealth.hasSubscriptions', false],
    ]);
    assert.deepEqual(shown(context), [welcomes.find((w) => w.contents.includes('signing in would not help yet'))!.contents.split('\n')[0]]);
    // The same state with a reachable endpoint offers Sign In.
    const reachable = new Map(context).set('serviceHealth.endpointUnreachable', false);
    assert.match(shown(reachable).join(), /^Sign in with your Microsoft account/u);
  });

  it('while an interactive sign-in waits, only its Cancel message shows, even with an unreachable endpoint', () => {
    const context: Context = new Map<string, string | boolean | undefined>([
      ['serviceHealth.mode', 'azure'],
      ['serviceHealth.signingIn', true],
      ['serviceHealth.endpointUnreachable', true],
    ]);
    assert.deepEqual(shown(context), ['Signing in… Finish in the dialog or browser window VS Code opened, or cancel to stop waiting.']);
  });
});
