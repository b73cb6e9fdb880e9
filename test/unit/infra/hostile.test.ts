import assert from 'node:assert/strict';
import { readFacts, stepBudgetFor } from '../../../src/core/infra/classify';
import { BUDGET_SPENT, MAX_DEPTH, TOO_DEEP } from '../../../src/core/infra/evaluate';
import type { FileFacts } from '../../../src/core/infra/facts';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { moved, ReaderStuck, withStepBudget } from '../../../src/core/infra/progress';
import { MAX_RESOURCE_NESTING } from '../../../src/core/infra/bicep';
import { resolveFacts } from '../../../src/core/infra/resolve';

const unresolvedOf = (index: InfraIndex): string[] => index.report().unresolved.map((u) => `${u.file}:${u.line} ${u.reason}`);
const targetsOf = (index: InfraIndex): string[] => index.report().targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`);

/** The steps a file takes to read (the guarded work the reader counts), and its facts. */
function stepsToRead(path: string, text: string): { facts: FileFacts | undefined; steps: number } {
  const { value, steps } = withStepBudget(Number.POSITIVE_INFINITY, () => readFacts(path, text, Number.POSITIVE_INFINITY));
  return { facts: value, steps };
}

/** A chain of modules m0..m{n-1}, each calling the one before it twice (the review's repro 2 of H1). */
function fanOut(n: number): Map<string, FileFacts> {
  const files = new Map<string, FileFacts>();
  const call = (i: number, k: number): string => `module c${k} './m${i - 1}.bicep' = {\n  name: 'c${k}'\n  params: {\n    location: location\n  }\n}\n`;
  for (let i = 0; i < n; i++) {
    const head = i === n - 1 ? "param location string = 'westeurope'\n" : 'param location string\n';
    const body = i === 0 ? "resource s 'Microsoft.Web/sites@2022-01-01' = {\n  name: 'x'\n  location: location\n}\n" : `${call(i, 1)}${call(i, 2)}`;
    const facts = readFacts(`m${i}.bicep`, head + body);
    assert.ok(facts);
    files.set(`m${i}.bicep`, facts);
  }
  return files;
}

describe('infrastructure reader: hostile templates end, each as one unchecked entry', () => {
  it('a main.bicep that calls itself twice as a module (review H1 repro 1): each call is a cycle entry, not followed; the resource has no value left', () => {
    const index = new InfraIndex();
    const call = (n: string): string => `module ${n} './main.bicep' = {\n  name: '${n}'\n  params: {\n    location: location\n  }\n}\n`;
    index.set('main.bicep', `param location string\n${call('m1')}${call('m2')}resource s 'Microsoft.Web/sites@2022-01-01' = {\n  name: 'x'\n  location: location\n}\n`);
    const cycle = "module './main.bicep' closes a cycle (main.bicep → main.bicep), which cannot deploy, so this call is not followed; break the cycle to have it checked";
    assert.deepEqual(unresolvedOf(index), [`main.bicep:2 ${cycle}`, `main.bicep:8 ${cycle}`, 'main.bicep:16 App Service: parameter location has no default value and no parameters file sets it']);
  });

  it('two templates calling each other (a.bicep → b.bicep → a.bicep): the call that closes the cycle is its one entry', () => {
    const index = new InfraIndex();
    const mod = (to: string): string => `param location string\nmodule x './${to}' = {\n  name: 'x'\n  params: {\n    location: location\n  }\n}\nresource s 'Microsoft.Web/sites@2022-01-01' = {\n  location: location\n}\n`;
    index.set('a.bicep', mod('b.bicep'));
    index.set('b.bicep', mod('a.bicep'));
    const noValue = 'App Service: parameter location has no default value and no parameters file sets it';
    assert.deepEqual(unresolvedOf(index), [`a.bicep:9 ${noValue}`, "b.bicep:2 module './a.bicep' closes a cycle (a.bicep → b.bicep → a.bicep), which cannot deploy, so this call is not followed; break the cycle to have it checked", `b.bicep:9 ${noValue}`]);
  });

  it('a cycle below a caller with a value (main → a → b → a): the value still reaches both, and the call back is the one entry', () => {
    const index = new InfraIndex();
    const mod = (to: string): string => `param location string\nmodule x './${to}' = {\n  name: 'x'\n  params: {\n    location: location\n  }\n}\nresource s 'Microsoft.Web/sites@2022-01-01' = {\n  location: location\n}\n`;
    index.set('main.bicep', "module a './a.bicep' = {\n  name: 'a'\n  params: { location: 'westeurope' }\n}\n");
    index.set('a.bicep', mod('b.bicep'));
    index.set('b.bicep', mod('a.bicep'));
    assert.deepEqual(targetsOf(index), ['App Service | West Europe | a.bicep:9', 'App Service | West Europe | b.bicep:9']);
    assert.deepEqual(unresolvedOf(index), ["b.bicep:2 module './a.bicep' closes a cycle (a.bicep → b.bicep → a.bicep), which cannot deploy, so this call is not followed; break the cycle to have it checked"]);
  });

  it('a fan-out chain of 40 modules (each calling the next twice: 2^40 paths) resolves in linear steps', () => {
    const files = fanOut(40);
    // 40 templates, two calls each: a few evaluations per call. Exponential evaluation would need 2^40.
    const report = resolveFacts(files, { stepBudget: 1_000 });
    assert.deepEqual(report.targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`), ['App Service | West Europe | m0.bicep:4']);
    assert.deepEqual(report.unresolved, []);
  });

  it('the resolve step budget: spent, every line it could not finish is one unchecked entry saying so (both sides)', () => {
    const files = fanOut(40);
    let enough = 0;
    const complete = (budget: number): boolean => resolveFacts(files, { stepBudget: budget }).unresolved.length === 0;
    while (!complete(enough)) {
      enough += 1;
    }
    assert.deepEqual(resolveFacts(files, { stepBudget: enough }).unresolved, []);
    assert.deepEqual(
      resolveFacts(files, { stepBudget: enough - 1 }).unresolved.map((u) => `${u.file}:${u.line} ${u.reason}`),
      [`m0.bicep:4 App Service: ${BUDGET_SPENT}`],
    );
  });

  it(`a value passed through ${MAX_DEPTH} variables is read; through one more it is one unchecked entry`, () => {
    // chain(n) holds n + 1 variables, v0 … vn.
    const chain = (n: number): string => `var v0 = 'westeurope'\n${Array.from({ length: n }, (_, i) => `var v${i + 1} = v${i}\n`).join('')}resource s 'Microsoft.Web/sites@2022-01-01' = {\n  location: v${n}\n}\n`;
    const at = new InfraIndex();
    at.set('main.bicep', chain(MAX_DEPTH - 1));
    assert.deepEqual(targetsOf(at), [`App Service | West Europe | main.bicep:${MAX_DEPTH + 2}`]);
    const past = new InfraIndex();
    past.set('main.bicep', chain(MAX_DEPTH));
    assert.deepEqual(unresolvedOf(past), [`main.bicep:${MAX_DEPTH + 3} App Service: ${TOO_DEEP}`]);
  });

  it(`resources nested ${MAX_RESOURCE_NESTING} deep are read; one level more is one unchecked entry (review M2)`, () => {
    const nested = (levels: number): string => {
      let text = '';
      for (let i = 0; i < levels; i++) {
        text += `resource r${i} 'Microsoft.Web/sites@2022-01-01' = {\nlocation: 'westeurope'\n`;
      }
      return text + '}\n'.repeat(levels);
    };
    const at = readFacts('main.bicep', nested(MAX_RESOURCE_NESTING + 1));
    assert.equal(at?.kind, 'bicep');
    assert.equal(at?.kind === 'bicep' ? at.resources.length : 0, MAX_RESOURCE_NESTING + 1);
    assert.deepEqual(at?.problems, []);
    const past = readFacts('main.bicep', nested(MAX_RESOURCE_NESTING + 2));
    assert.equal(past?.kind === 'bicep' ? past.resources.length : 0, MAX_RESOURCE_NESTING + 1);
    // Each level is two lines; the first one refused is level cap + 1 (0-based), on line 2 × (cap + 1) + 1.
    assert.deepEqual(past?.problems, [{ line: 2 * (MAX_RESOURCE_NESTING + 1) + 1, column: 1, reason: `resources nested more than ${MAX_RESOURCE_NESTING} deep are not read` }]);
  });

  it('4,000 nested resource declarations (a generated file) take steps linear in its size, not quadratic', () => {
    const levels = 4_000;
    const text = `${Array.from({ length: levels }, (_, i) => `resource r${i} 'Microsoft.Web/sites@2022-01-01' = {\n  location: 'westeurope'\n`).join('')}${'}\n'.repeat(levels)}`;
    const { facts, steps } = stepsToRead('main.bicep', text);
    assert.equal(facts?.kind, 'bicep');
    assert.equal(facts?.problems.length, 1);
    // Each level's body is split once and nesting stops at the cap: at most ~(cap + a few) passes over the text.
    assert.ok(steps < 30 * text.length, `${steps} steps for ${text.length} characters`);
  });

  it('interpolation nested 5,000 deep (review L4) is read iteratively: an unterminated string, not a stack overflow', () => {
    const facts = readFacts('main.bicep', `var x = '${"${'".repeat(5_000)}`);
    assert.deepEqual(facts?.problems.map((p) => p.reason), ['the file is not valid Bicep: an unterminated string starts on line 1']);
    const closed = readFacts('main.bicep', `var x = '${"${'".repeat(5_000)}${"'}".repeat(5_000)}'\nresource s 'Microsoft.Web/sites@1' = {\n  location: 'westeurope'\n}\n`);
    assert.deepEqual(closed?.problems, []);
    assert.equal(closed?.kind === 'bicep' ? closed.resources.length : 0, 1);
  });

  it('an azure.yaml line of 500,000 spaces (review M1: a quadratic comment regex) is read in linear time', () => {
    const facts = readFacts('azure.yaml', `services:\n  web:\n${' '.repeat(500_000)}\n    project: ./src${' '.repeat(500_000)}x\n    host: appservice # the web app\n`);
    assert.deepEqual(facts?.kind === 'azd' ? facts.services.map((s) => s.host) : [], ['appservice']);
  });

  it('the progress guard: a loop that did not move throws ReaderStuck; one that moved counts a step', () => {
    assert.throws(() => moved(7, 7, 'a test loop'), (e: unknown) => e instanceof ReaderStuck && /stopped moving in a test loop/.test(e.message));
    assert.throws(() => moved(7, 6, 'a test loop'), ReaderStuck);
    assert.deepEqual(withStepBudget(10, () => moved(7, 8, 'a test loop')), { value: 8, steps: 1 });
  });

  it('a file past its step budget is one unchecked entry for that file, and the budget it needs reads it (both sides)', () => {
    const text = "@description('a')\n@secure()\nparam p string\nresource s 'Microsoft.Web/sites@1' = {\n  location: 'westeurope'\n}\n";
    const { steps } = stepsToRead('main.bicep', text);
    assert.ok(steps > 0 && steps < stepBudgetFor(text));
    assert.equal(readFacts('main.bicep', text, steps)?.kind, 'bicep');
    assert.deepEqual(readFacts('main.bicep', text, steps - 1), {
      kind: 'skipped',
      problems: [{ line: 0, column: 0, reason: `the file was not read: reading it took more than ${(steps - 1).toLocaleString('en-US')} steps, so it was stopped` }],
    });
  });
});
