import assert from 'node:assert/strict';
import { composite, contrastRatio, effectiveBackground, measure, parseCssColor, requiredRatio } from '../../harness/contrast';

const white = { r: 255, g: 255, b: 255, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };

describe('contrast maths for the UI suite (WCAG 2.x)', () => {
  it('reads computed colours in both syntaxes', () => {
    assert.deepEqual(parseCssColor('rgb(31, 31, 31)'), { r: 31, g: 31, b: 31, a: 1 });
    assert.deepEqual(parseCssColor('rgba(0, 0, 0, 0)'), { r: 0, g: 0, b: 0, a: 0 });
    assert.deepEqual(parseCssColor('rgb(255 255 255 / 50%)'), { r: 255, g: 255, b: 255, a: 0.5 });
    assert.throws(() => parseCssColor('color(display-p3 1 0 0)'), /Not a computed CSS colour/);
  });

  it('gives the documented ratios: 21 for black on white, 1 for equal colours, 4.54 for #767676 on white', () => {
    assert.equal(contrastRatio(black, white), 21);
    assert.equal(contrastRatio(white, white), 1);
    assert.equal(contrastRatio({ r: 0x76, g: 0x76, b: 0x76, a: 1 }, white).toFixed(2), '4.54');
  });

  it('paints translucent backgrounds over what is behind them, down to the white canvas', () => {
    assert.deepEqual(composite({ r: 0, g: 0, b: 0, a: 0.5 }, white), { r: 127.5, g: 127.5, b: 127.5, a: 1 });
    assert.deepEqual(effectiveBackground([parseCssColor('rgba(0, 0, 0, 0)'), parseCssColor('rgb(31, 31, 31)')]), { r: 31, g: 31, b: 31, a: 1 });
    assert.deepEqual(effectiveBackground([]), white);
  });

  it('fades text by the opacity above it (an opacity-dimmed label can fail where the plain one passes)', () => {
    const base = { what: 'x', kind: 'text' as const, color: 'rgb(204, 204, 204)', backgrounds: ['rgb(31, 31, 31)'], fontSizePx: 13, fontWeight: 400 };
    assert.ok(measure({ ...base, opacity: 1 }).ratio > 4.5);
    assert.ok(measure({ ...base, opacity: 0.4 }).ratio < 4.5);
  });

  it('asks 4.5:1 of text, 3:1 of large text and icons, on both sides of the large-text limit', () => {
    assert.equal(requiredRatio({ kind: 'text', fontSizePx: 13, fontWeight: 400 }), 4.5);
    assert.equal(requiredRatio({ kind: 'text', fontSizePx: 23.9, fontWeight: 400 }), 4.5);
    assert.equal(requiredRatio({ kind: 'text', fontSizePx: 24, fontWeight: 400 }), 3);
    assert.equal(requiredRatio({ kind: 'text', fontSizePx: 18.66, fontWeight: 700 }), 3);
    assert.equal(requiredRatio({ kind: 'text', fontSizePx: 18.66, fontWeight: 600 }), 4.5);
    assert.equal(requiredRatio({ kind: 'icon', fontSizePx: 14, fontWeight: 400 }), 3);
  });
});
