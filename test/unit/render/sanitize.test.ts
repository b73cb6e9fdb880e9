import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sanitizeVendorHtml, vendorText } from '../../../src/core/render/sanitize';

const ALLOWED_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'code', 'pre', 'h3', 'h4', 'h5', 'h6', 'span', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
const ALLOWED_ATTRS: Record<string, readonly string[]> = { a: ['href', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] };

/**
 * Lists every start tag of sanitizer output (which always quotes attributes with ") and fails on
 * any "<" that does not start a well-formed tag, so nothing can hide from the checks below.
 */
function elements(html: string): Array<{ name: string; attribs: Record<string, string> }> {
  const out: Array<{ name: string; attribs: Record<string, string> }> = [];
  const tag = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/gy;
  let last = 0;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', last)) {
    tag.lastIndex = i;
    const m = tag.exec(html);
    assert.ok(m, `malformed markup at ${i} in ${html}`);
    last = tag.lastIndex;
    if (m[1] === '/') {
      continue;
    }
    const attribs: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
      attribs[a[1] ?? ''] = (a[2] ?? '').replace(/&amp;/g, '&');
    }
    out.push({ name: m[2] ?? '', attribs });
  }
  return out;
}

function assertSafe(html: string): void {
  for (const el of elements(html)) {
    assert.ok(ALLOWED_TAGS.has(el.name), `tag <${el.name}> in ${html}`);
    for (const [name, value] of Object.entries(el.attribs)) {
      assert.ok((ALLOWED_ATTRS[el.name] ?? []).includes(name), `attribute ${name} on <${el.name}> in ${html}`);
      if (name === 'href') {
        assert.match(value, /^https:\/\/[^/]/, `href ${value}`);
      }
    }
  }
}

describe('sanitizeVendorHtml', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['script element and its content', '<p>a</p><script>alert(1)</script>', /script|alert/i],
    ['onerror on an image', '<img src=x onerror="alert(1)">text', /onerror|<img|alert/i],
    ['event handler attribute on an allowed tag', '<p onclick="alert(1)" onmouseover=alert(2)>x</p>', /onclick|onmouseover|alert/i],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>', /href|javascript/i],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">click</a>', /href|data:/i],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">click</a>', /href|vbscript/i],
    ['command: link', '<a href="command:workbench.action.terminal.new">click</a>', /href|command:/i],
    ['vscode: link', '<a href="vscode://settings/x">click</a>', /href|vscode:/i],
    ['http: link (https only)', '<a href="http://example.com/">click</a>', /href/i],
    ['protocol-relative link', '<a href="//evil.example/x">click</a>', /href|evil/i],
    ['SVG with onload', '<svg onload="alert(1)"><circle r="1"/><script>alert(2)</script></svg>after', /svg|onload|circle|alert/i],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>', /style|body\{|javascript/i],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>x</p>', /iframe|evil/i],
    ['CSS expression in a style attribute', '<p style="width: expression(alert(1))" class="c" id="i">x</p>', /style|expression|class=|id=/i],
    ['entity-obfuscated scheme', '<a href="jav&#x61;script:alert(1)">x</a>', /href|javascript|alert/i],
    ['decimal entities and tab inside the scheme', '<a href="&#106;ava&#9;script:alert(1)">x</a>', /href|script:|alert/i],
    ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a><a href="DaTa:text/html,x">y</a>', /href|javascript|data:/i],
    ['form and input', '<form action="https://evil.example"><input name="p"></form>ok', /form|input|action/i],
    ['object and embed', '<object data="x.swf"></object><embed src="y">ok', /object|embed|swf/i],
    ['base and meta', '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', /base|meta|refresh|javascript/i],
  ];
  for (const [name, input, forbidden] of cases) {
    it(`removes ${name}`, () => {
      const out = sanitizeVendorHtml(input);
      assert.doesNotMatch(out, forbidden, out);
      assertSafe(out);
    });
  }

  it('keeps the text of a refused link as plain text', () => {
    assert.equal(sanitizeVendorHtml('<a href="javascript:alert(1)">read more</a>'), '<span>read more</span>');
  });

  it('keeps benign markup and https links, adding rel="noopener noreferrer"', () => {
    const input =
      '<p>Starting at <strong>09:00 UTC</strong>, <em>some</em> customers <b>may</b> see <i>errors</i>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol><h3>Next</h3><pre><code>az vm list</code></pre>' +
      '<p>See <a href="https://aka.ms/azurestatus" target="_blank">status</a>.<br>Thanks</p>';
    const out = sanitizeVendorHtml(input);
    assert.match(out, /<p>Starting at <strong>09:00 UTC<\/strong>, <em>some<\/em> customers <b>may<\/b> see <i>errors<\/i>\.<\/p>/);
    assert.match(out, /<ul><li>one<\/li><li>two<\/li><\/ul><ol><li>three<\/li><\/ol><h3>Next<\/h3><pre><code>az vm list<\/code><\/pre>/);
    assert.match(out, /<a href="https:\/\/aka\.ms\/azurestatus" rel="noopener noreferrer">status<\/a>/);
    assert.doesNotMatch(out, /target/);
    assert.match(out, /<br \/>Thanks|<br>Thanks/);
  });

  it('keeps a mixed-case https link, normalised', () => {
    assert.match(sanitizeVendorHtml('<a href="HTTPS://Example.COM/a">x</a>'), /href="https:\/\/example\.com\/a"/);
  });

  it('keeps tables with spans only', () => {
    const out = sanitizeVendorHtml('<table border="1"><thead><tr><th colspan="2" style="x">H</th></tr></thead><tbody><tr><td>a</td><td rowspan="1">b</td></tr></tbody></table>');
    assert.equal(out, '<table><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td>a</td><td rowspan="1">b</td></tr></tbody></table>');
  });

  it('maps h1/h2 below the view headings and drops unknown wrappers but keeps their text', () => {
    assert.equal(sanitizeVendorHtml('<h1>A</h1><div><h2>B</h2>c</div>'), '<h3>A</h3><h4>B</h4>c');
  });

  it('treats tag-free text as text: escapes it and keeps line breaks', () => {
    assert.equal(sanitizeVendorHtml('a < b & c\nnext "line"'), 'a &lt; b &amp; c<br>next &quot;line&quot;');
    assert.equal(sanitizeVendorHtml(null), '');
    assert.equal(sanitizeVendorHtml(''), '');
  });

  it('never lets a disallowed tag, attribute or non-https href through (property)', () => {
    const pieces = fc.constantFrom(
      '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:x">', '<a href="https://ok.example/p">',
      '<a href="jav&#x61;script:x">', '<a href=" javascript:x">', '<a href="java\nscript:x">', '<svg onload=x>', '<p style="x" onclick="y">',
      '</a>', '</p>', '<iframe>', '<style>', '</style>', '<!--', '-->', '<![CDATA[', ']]>', '"', "'", '>', '<', '&', '&#x3c;script&#x3e;',
      '<math><mi xlink:href="javascript:x">', '<table><td onclick=x>', '<a href="data:text/html,x">', '<a href="//evil">', 'text',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 25 }), (parts) => {
        const out = sanitizeVendorHtml(parts.join(''));
        assertSafe(out);
        assert.doesNotMatch(out, /<script|javascript:|onerror|onload|onclick/i);
      }),
      { numRuns: 400 },
    );
  });
});

describe('vendorText', () => {
  it('returns the text without tags, entities decoded and spaces collapsed', () => {
    assert.equal(vendorText('<p>Hello&nbsp;<b>A &amp; B</b></p>\n<script>x</script> end'), 'Hello A & B end');
    assert.equal(vendorText(undefined), '');
  });
});
