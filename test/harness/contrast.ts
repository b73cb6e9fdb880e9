// WCAG 2.x contrast of what a page really renders. The browser side (CONTRAST_PROBE) only reads
// computed styles: each visible text run and icon glyph with its colour, the background colours
// stacked behind it and the opacity above it. The maths is here, in plain Node, so it is unit-tested.

/** An RGBA colour, channels 0-255, alpha 0-1. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** What the probe reports for one element that draws text or an icon. */
export interface ProbedElement {
  /** A short description: tag, classes and the start of its text. */
  readonly what: string;
  readonly kind: 'text' | 'icon';
  readonly color: string;
  /** Computed background colours from the element up to the root, innermost first. */
  readonly backgrounds: readonly string[];
  /** Product of the opacities of the element and its ancestors. */
  readonly opacity: number;
  readonly fontSizePx: number;
  readonly fontWeight: number;
}

export interface ContrastResult {
  readonly what: string;
  readonly ratio: number;
  readonly required: number;
  readonly foreground: Rgba;
  readonly background: Rgba;
}

/** Parses `rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)` and the space-separated `rgb(1 2 3 / 50%)`. */
export function parseCssColor(value: string): Rgba {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value.trim());
  if (!m) {
    if (value.trim() === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
    throw new Error(`Not a computed CSS colour: "${value}".`);
  }
  const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] === '%' ? 100 : 1);
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
}

/** `top` painted over the opaque `bottom` (source-over). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number): number => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** The opaque colour behind an element: its background stack painted bottom-up over white (the canvas). */
export function effectiveBackground(stack: readonly Rgba[]): Rgba {
  let colour: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  for (let i = stack.length - 1; i >= 0; i--) {
    const layer = stack[i];
    if (layer) colour = composite(layer, colour);
  }
  return colour;
}

/** WCAG relative luminance. */
export function luminance(c: Rgba): number {
  const channel = (v: number): number => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * AA minimum: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold) and for icons
 * (non-text graphics, WCAG 1.4.11).
 */
export function requiredRatio(e: Pick<ProbedElement, 'kind' | 'fontSizePx' | 'fontWeight'>): number {
  if (e.kind === 'icon') return 3;
  const large = e.fontSizePx >= 24 || (e.fontSizePx >= 18.66 && e.fontWeight >= 700);
  return large ? 3 : 4.5;
}

export function measure(e: ProbedElement): ContrastResult {
  const background = effectiveBackground(e.backgrounds.map(parseCssColor));
  const own = parseCssColor(e.color);
  const foreground = composite({ ...own, a: own.a * e.opacity }, background);
  return { what: e.what, ratio: contrastRatio(foreground, background), required: requiredRatio(e), foreground, background };
}

/**
 * Browser source (an expression, evaluated in the webview's frame): every rendered element of
 * `document.body` that has its own non-blank text, or is a codicon, as ProbedElement[].
 * A string because the project compiles without the DOM library.
 */
export const CONTRAST_PROBE = `(() => {
  const out = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return el.tagName.toLowerCase() + cls + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  };
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || style.visibility !== 'visible' || style.display === 'none') continue;
    const icon = el.classList.contains('codicon');
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!icon && !ownText) continue;
    const backgrounds = [];
    let opacity = 1;
    for (let node = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      backgrounds.push(s.backgroundColor);
      opacity *= Number(s.opacity);
    }
    out.push({ what: describe(el), kind: icon ? 'icon' : 'text', color: style.color, backgrounds, opacity,
      fontSizePx: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight) || 400 });
  }
  return out;
})()`;
