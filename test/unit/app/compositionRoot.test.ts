// The composition root declares its parts in dependency order: a part that needs to hear from a later
// one subscribes to it in the later one's wiring, so no closure in the root reaches a part declared below it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

const root = join(__dirname, '..', '..', '..', '..');

/** Names the constructor of `file` uses before (above) the statement that declares them, as `name (line)`. */
export function forwardReferences(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const ctor = findConstructor(source);
  assert.ok(ctor?.body, `${file} has no constructor`);
  const statements = ctor.body.statements;
  const declaredAt = new Map<string, number>();
  statements.forEach((statement, index) => {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) declaredAt.set(d.name.text, index);
      }
    }
  });
  const found: string[] = [];
  statements.forEach((statement, index) => {
    const visit = (node: ts.Node): void => {
      // `x.name` and `{ name: … }` name no variable; only a bare identifier (or `{ name }` shorthand) reads one.
      const isRead =
        ts.isIdentifier(node) &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
        !(ts.isPropertyAssignment(node.parent) && node.parent.name === node);
      const at = isRead ? declaredAt.get(node.text) : undefined;
      if (isRead && at !== undefined && at > index) {
        found.push(`${node.text} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(statement);
  });
  return found;
}

function findConstructor(node: ts.Node): ts.ConstructorDeclaration | undefined {
  if (ts.isConstructorDeclaration(node)) return node;
  return ts.forEachChild(node, findConstructor);
}

describe('composition root', () => {
  it('no closure in ServiceHealthApp reaches a part declared after it (later parts subscribe to earlier ones instead)', () => {
    const file = join(root, 'src', 'ui', 'app', 'serviceHealthApp.ts');
    assert.deepEqual(forwardReferences(file, readFileSync(file, 'utf8')), []);
  });

  it('a closure over a part declared further down is found (the check can fail)', () => {
    const text = [
      'class App {',
      '  constructor() {',
      '    const events = make({ onOutcome: (o) => refresh.onOutcome(o), name: 1 });',
      '    const refresh = make({ events });',
      '    const later = make({ refresh, x: refresh.y });',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(forwardReferences('app.ts', text), ['refresh (line 3)']);
  });
});
