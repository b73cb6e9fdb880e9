/**
 * The details webview's shell document: a strict CSP with a fresh nonce, the stylesheets and the
 * script. Content arrives later as a `render` message; nothing vendor-supplied is in the shell.
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from './escape';

export interface DetailsHtmlInputs {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** `webview.asWebviewUri(...)` of the script, codicon.css and the view's stylesheet, as strings. */
  readonly scriptUri: string;
  readonly codiconCssUri: string;
  readonly styleUri: string;
  /** Document title (escaped here). */
  readonly title: string;
  /** What shows until the first render (escaped here); default "Loading event details…". */
  readonly loadingText?: string;
}

/** 128 random bits, base64 (a CSP base64-value). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The CSP of the details view; no 'unsafe-inline' or 'unsafe-eval' anywhere. */
export function detailsCsp(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    // No remote images: vendor HTML may not carry any (the sanitizer drops <img>), and a remote
    // image would tell a third party when the panel was opened.
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ') + ';';
}

/** Renders the shell with a new nonce on every call. */
export function renderDetailsHtml(inputs: DetailsHtmlInputs): string {
  const nonce = createNonce();
  const attr = escapeHtml;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(detailsCsp(inputs.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(inputs.codiconCssUri)}">
<link rel="stylesheet" href="${attr(inputs.styleUri)}">
<title>${escapeHtml(inputs.title)}</title>
</head>
<body>
<main id="root" aria-live="polite"><p class="loading"><span class="codicon codicon-loading codicon-modifier-spin"></span> ${escapeHtml(inputs.loadingText ?? 'Loading event details…')}</p></main>
<script nonce="${attr(nonce)}" src="${attr(inputs.scriptUri)}"></script>
</body>
</html>`;
}
