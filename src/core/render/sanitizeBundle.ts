/**
 * sanitize-html as one module that loads when event details first render (the build puts it in
 * its own bundle, dist/sanitize.js, without postcss; see scripts/build.mjs and sanitize.ts).
 */
import sanitizeHtml from 'sanitize-html';

export { sanitizeHtml };
