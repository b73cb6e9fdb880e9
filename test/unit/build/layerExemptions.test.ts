// The layering lint (.dependency-cruiser.cjs) exempts one module, named; a new lazy bundle in core is checked like any module.
import assert from 'node:assert/strict';
import { join } from 'node:path';

interface Rule {
  readonly name: string;
  readonly from: { readonly path?: string; readonly pathNot?: string };
}

const root = join(__dirname, '..', '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the lint's own CommonJS config
const config = require(join(root, '.dependency-cruiser.cjs')) as { forbidden: readonly Rule[] };

describe('layering lint exemptions', () => {
  it('only core/model/validationBundle.ts skips the layer rules (undici and sanitize-html bundles, or a new one, are checked)', () => {
    const exempt = config.forbidden.filter((r) => r.name.startsWith('core-layer-') && r.from.pathNot !== undefined);
    assert.deepEqual(
      exempt.map((r) => [r.name, r.from.pathNot]),
      [['core-layer-model', '^src/core/model/validationBundle\\.ts$']],
    );
    for (const file of ['src/core/http/undiciBundle.ts', 'src/core/render/sanitizeHtmlBundle.ts', 'src/core/model/someBundle.ts']) {
      const rule = config.forbidden.find((r) => r.name.startsWith('core-layer-') && new RegExp(r.from.path ?? '$^').test(file));
      assert.ok(rule && !(rule.from.pathNot && new RegExp(rule.from.pathNot).test(file)), `${file} is exempt from its layer rule`);
    }
  });
});
