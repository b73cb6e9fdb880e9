/**
 * Sanitizes vendor HTML (descriptions, summaries, update texts, FAQ answers, article content)
 * in the extension host, before it reaches the webview. The webview inserts only these strings
 * with innerHTML; everything else it renders as text.
 */
import type sanitizeHtml from 'sanitize-html';
import { requireBundle } from '../bundles/bundleLoader';
import type * as SanitizeBundle from './sanitizeBundle';
import { checkExternalUrl } from './links';
import { escapeHtml } from './escape';

// The webview's type check reaches this file without Node's types; CommonJS provides `require`.
declare const require: (id: string) => unknown;

let loaded: typeof sanitizeHtml | undefined;

/** sanitize-html loads when details first render, not at every activation (scripts/build.mjs). */
function sanitizer(): typeof sanitizeHtml {
  loaded ??= requireBundle('sanitize', () => require('./sanitizeBundle') as typeof SanitizeBundle).sanitizeHtml;
  return loaded;
}

/** HTML that went through `sanitizeVendorHtml` (a compile-time marker only). */
export type SafeHtml = string & { readonly __safeHtml: true };

const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'code', 'pre', 'h3', 'h4', 'h5', 'h6', 'span', ...TABLE_TAGS],
  // No rule allows `style`: the build leaves out postcss, the CSS parser sanitize-html would need for it.
  allowedAttributes: {
    a: ['href', 'rel'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  // Disallowed tags are dropped but their text is kept; these are dropped with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'embed', 'xmp', 'noembed', 'noframes', 'title', 'head'],
  transformTags: {
    // Links: only absolute https URLs survive; any other link becomes its plain text.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = checkExternalUrl(attribs.href?.trim());
      return href
        ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer' } }
        : { tagName: 'span', attribs: {} };
    },
    // Headings above h3 would compete with the view's own headings.
    h1: 'h3',
    h2: 'h4',
  },
};

/**
 * Returns safe HTML for a vendor string. Text without any tag is treated as plain text with
 * line breaks (some update summaries are sent that way), so its newlines survive.
 */
export function sanitizeVendorHtml(input: string | null | undefined): SafeHtml {
  if (!input) {
    return '' as SafeHtml;
  }
  if (!/<[a-zA-Z!/?]/.test(input)) {
    return escapeHtml(input).replace(/\r?\n/g, '<br>') as SafeHtml;
  }
  return sanitizer()(input, OPTIONS).trim() as SafeHtml;
}

/** Plain text of vendor HTML (for titles, tooltips and search), entity-decoded. */
export function vendorText(input: string | null | undefined): string {
  if (!input) {
    return '';
  }
  const text = sanitizer()(input, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags });
  return decodeBasicEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
