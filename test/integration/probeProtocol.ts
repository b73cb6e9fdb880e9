// Browser probes: how an extension-host test asks the harness (which drives the browser with
// Playwright) to inspect the workbench DOM, for checks only the browser can make (what a webview
// actually executed). Files in a folder both sides see: `<id>.request.json` from the test,
// `<id>.result.json` from the harness. No `vscode` import: the harness reads this too.

/** Set by the harness (through the server's environment) to the folder it watches. */
export const PROBE_DIR_ENV = 'SERVICE_HEALTH_PROBE_DIR';

export interface WebviewSecurityRequest {
  readonly kind: 'webviewSecurity';
  /** `<publisher>.<name>` of the extension whose webview to inspect. */
  readonly extensionId: string;
  /** Text the rendered view contains, to pick the right webview and know it has rendered. */
  readonly marker: string;
  /** How long to wait for a webview that shows the marker. */
  readonly timeoutMs: number;
}

export type ProbeRequest = WebviewSecurityRequest;

/** What the browser saw inside the webview's content frame. */
export interface WebviewSecurityReport {
  readonly found: boolean;
  /** `<tag> <attribute>` of every element carrying an on* attribute. */
  readonly eventHandlerAttributes: string[];
  /** href of every `a` element, as written in the DOM. */
  readonly anchorHrefs: string[];
  /** Every other URL-bearing attribute inside the rendered content (src, srcdoc, action, formaction, xlink:href, data, style). */
  readonly urlAttributes: string[];
  /** Every script element: its src, whether it carries a nonce, and the text of an inline one. */
  readonly scripts: { readonly src: string; readonly hasNonce: boolean; readonly text: string }[];
  /** Tags that must never reach the content (iframe, svg, style, object, embed, img, form, meta, base, math, script). */
  readonly forbiddenElements: string[];
  readonly cspMeta: string | null;
  /** `window.__xss` of the content frame (the payloads' trap) and its document title. */
  readonly trap: { readonly xss: unknown; readonly title: string };
  /** Console lines with the trap's marker and any dialog (alert/confirm/prompt) seen since the workbench opened. */
  readonly fired: string[];
  /** The number of `a[href="https://ok.example/"]`: the positive control (a good link survives). */
  readonly okLinks: number;
  readonly error?: string;
}

export type ProbeResult = WebviewSecurityReport;

/** Console marker the payloads print if they ever run. */
export const XSS_MARKER = '__SERVICE_HEALTH_XSS_FIRED__';
