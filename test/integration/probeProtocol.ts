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

/**
 * VS Code's own activation figure per extension, read off Developer: Show Running Extensions (the
 * test opens that editor first): the row's "Activation: N ms", which is the extension host's code
 * loading time (requiring `main`) plus the synchronous activate() call, measured by VS Code.
 */
export interface RunningExtensionsRequest {
  readonly kind: 'runningExtensions';
  /** The extensions to read; a row is named by the display name (its first 50 characters) or, lacking one, the id. */
  readonly extensions: readonly { readonly id: string; readonly displayName: string }[];
  readonly timeoutMs: number;
}

export type ProbeRequest = WebviewSecurityRequest | RunningExtensionsRequest;

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

export interface RunningExtensionsReport {
  /** Activation milliseconds by requested extension id, for the rows that showed a figure. */
  readonly activationMs: Readonly<Record<string, number>>;
  /** Every row seen, as `<name>: <activation text>` (for the error when a name is missing). */
  readonly rows: readonly string[];
  readonly error?: string;
}

interface ProbeResults {
  readonly webviewSecurity: WebviewSecurityReport;
  readonly runningExtensions: RunningExtensionsReport;
}

export type ProbeResult<R extends ProbeRequest = ProbeRequest> = ProbeResults[R['kind']];

/** Console marker the payloads print if they ever run. */
export const XSS_MARKER = '__SERVICE_HEALTH_XSS_FIRED__';
