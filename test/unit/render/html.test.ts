import assert from 'node:assert/strict';
import { renderDetailsHtml } from '../../../src/core/render/html';

const inputs = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/details.js',
  codiconCssUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicons/codicon.css',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/details/details.css',
  title: 'Outage <script>alert(1)</script> & "x"',
};

function csp(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m?.[1], 'CSP meta tag');
  return m[1].replace(/&#39;/g, "'");
}

describe('renderDetailsHtml', () => {
  it('has a strict CSP without unsafe-inline or unsafe-eval', () => {
    const policy = csp(renderDetailsHtml(inputs));
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*/);
    assert.match(policy, /^default-src 'none'; /);
    assert.match(policy, new RegExp(`img-src ${inputs.cspSource.replace(/[.+]/g, '\\$&')} data:;`));
    assert.doesNotMatch(policy, /(^|\s)https:[\s;]/, 'no bare https: source');
    assert.match(policy, /style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net;/);
    assert.match(policy, /font-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net;/);
    assert.match(policy, /script-src 'nonce-[A-Za-z0-9+/=]{16,}';/);
  });

  it('puts the CSP nonce on the only script tag, which loads the script URI', () => {
    const html = renderDetailsHtml(inputs);
    const nonce = /'nonce-([^']+)'/.exec(csp(html))?.[1];
    assert.ok(nonce);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]?.[1], ` nonce="${nonce}" src="${inputs.scriptUri}"`);
  });

  it('uses a new random nonce on every call', () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const nonce = /'nonce-([^']+)'/.exec(csp(renderDetailsHtml(inputs)))?.[1];
      assert.ok(nonce);
      nonces.add(nonce);
    }
    assert.equal(nonces.size, 50);
  });

  it('escapes the title and has no inline styles or handlers', () => {
    const html = renderDetailsHtml(inputs);
    assert.match(html, /<title>Outage &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;x&quot;<\/title>/);
    assert.doesNotMatch(html, /<style|style=| on[a-z]+=/i);
    assert.match(html, new RegExp(`<link rel="stylesheet" href="${inputs.codiconCssUri.replace(/[.+]/g, '\\$&')}">`));
  });
});
