/**
 * Details webview script. Builds the view from the host's model in one pass into a
 * DocumentFragment. Text goes through textContent; innerHTML is used ONLY for the model's
 * SafeHtml fields, which the host sanitized. The page never navigates: links are sent to the
 * host, which checks them again before opening.
 */
import type { DetailsViewModel, TagView, TimeView, Tone, UpdateView } from '../../src/core/render/detailsModel';
import { stateToSave, type FetchState, type HostToWebview, type WebviewState, type WebviewToHost } from '../../src/core/render/messages';
import type { SafeHtml } from '../../src/core/render/sanitize';
import { formatRelative } from '../../src/core/render/time';
import { renderImpactedResources } from './resources';

/** The portal button's text: it says where it goes. */
const PORTAL_BUTTON = 'Open in Azure portal';
const SAMPLE_LINK_TITLE = 'Not available for sample events: their tracking IDs are made up.';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: WebviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
/** The shown event is the sample service's: its links are not followed. */
let sampleEvent = false;
let fetchArea: HTMLElement | undefined;

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  for (const child of children) {
    if (child) {
      node.append(child);
    }
  }
  return node;
}

function icon(name: string): HTMLElement {
  const span = h('span', `codicon codicon-${name}`);
  span.setAttribute('aria-hidden', 'true');
  return span;
}

/** The only place vendor HTML enters the DOM; the argument type admits host-sanitized HTML only. */
function safeHtml(className: string, html: SafeHtml): HTMLElement {
  const div = h('div', `vendor ${className}`);
  div.innerHTML = html;
  return div;
}

function button(label: string, iconName: string, onClick: () => void, secondary = false): HTMLButtonElement {
  const b = h('button', secondary ? 'btn secondary' : 'btn', icon(iconName), label);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

function openLink(url: string): void {
  vscode.postMessage({ type: 'openLink', url });
}

function toneClass(tone: Tone): string {
  return `tone-${tone}`;
}

function section(title: string, iconName: string, ...children: Child[]): HTMLElement {
  return h('section', 'section', h('h2', undefined, icon(iconName), title), ...children);
}

/** `3 hours ago (24 Nov 2026, 14:05 UTC)`, as formatWhen writes it; the relative part is current. */
function timeText(t: TimeView): HTMLElement {
  const time = h('time', 'time', `(${t.utc})`);
  time.dateTime = new Date(t.ms).toISOString();
  return h('span', 'time-wrap', h('span', 'relative', `${formatRelative(t.ms, Date.now())} `), time);
}

function tagChips(tags: readonly TagView[]): HTMLElement | undefined {
  if (tags.length === 0) {
    return undefined;
  }
  const list = h('ul', 'chips');
  for (const tag of tags) {
    list.append(h('li', tag.highlight ? 'chip highlight' : 'chip', tag.highlight ? icon('warning') : null, tag.text));
  }
  return list;
}

/** What a reader needs first: the title, what kind of event and how bad, and the vendor's header line. */
function renderHeader(m: DetailsViewModel): HTMLElement {
  const head = h('header', 'head', h('h1', 'title', m.title));
  const badges = h('ul', 'badges');
  badges.setAttribute('aria-label', 'Event attributes');
  for (const b of m.badges) {
    const li = h('li', `badge ${toneClass(b.tone)}`, b.icon ? icon(b.icon) : null, b.label === b.value ? null : h('span', 'badge-label', `${b.label}: `), b.value);
    li.title = `${b.label}: ${b.value}`;
    badges.append(li);
  }
  head.append(badges);
  if (m.header) {
    head.append(h('p', 'subtitle', m.header));
  }
  return head;
}

/** Buttons that leave the panel: the portal page of the event and the event's own button links. */
function renderActionButtons(m: DetailsViewModel): HTMLElement {
  const portal = button(PORTAL_BUTTON, 'link-external', () => openLink(m.portalUrl));
  portal.title = 'Opens this event in the Azure portal';
  const actions = h('div', 'actions', portal);
  for (const link of m.links) {
    if (link.kind === 'Button' && link.url) {
      const url = link.url;
      const b = button(link.text, 'link-external', () => openLink(url), true);
      b.title = `Opens ${link.where ?? url}`;
      actions.append(b);
    }
  }
  if (m.sample) {
    // A made-up tracking id has no portal page or support case behind it.
    for (const b of actions.querySelectorAll('button')) {
      b.disabled = true;
      b.title = SAMPLE_LINK_TITLE;
      b.append(h('span', 'disabled-note', ' (unavailable)'));
    }
  }
  return actions;
}

function renderFetchState(state: FetchState): void {
  if (!fetchArea) {
    return;
  }
  fetchArea.replaceChildren();
  const btn = fetchArea.dataset.button === 'true';
  if (state.state === 'loading') {
    fetchArea.append(h('p', 'status', icon('loading codicon-modifier-spin'), ' Fetching details…'));
  } else {
    if (state.state === 'error') {
      const err = h('p', 'error', icon('error'), ' ', state.message);
      err.setAttribute('role', 'alert');
      fetchArea.append(err);
    }
    if (btn) {
      fetchArea.append(button(state.state === 'error' ? 'Try again' : 'Fetch details', 'cloud-download', () => vscode.postMessage({ type: 'fetchDetails' })));
    }
  }
}

function renderSensitiveNotice(): HTMLElement {
  const notice = h(
    'div',
    'notice sensitive-notice',
    h('p', undefined, icon('lock'), ' ', h('strong', undefined, 'This event may contain sensitive information.'), ' Its description, summary and updates are sent only on request, to accounts allowed to read sensitive event details (Microsoft.ResourceHealth/events/fetchEventDetails/action) on the subscription.'),
  );
  fetchArea = h('div', 'fetch');
  fetchArea.dataset.button = 'true';
  notice.append(fetchArea);
  return notice;
}

/** The facts, after what to read and do: tracking ID (with Copy), times, then the other fields. */
function renderFacts(m: DetailsViewModel): HTMLElement {
  const copy = button('Copy', 'copy', () => vscode.postMessage({ type: 'copyTrackingId' }), true);
  copy.title = 'Copy the tracking ID';
  copy.setAttribute('aria-label', 'Copy the tracking ID');
  const rows: Array<[string, Node]> = [['Tracking ID', h('span', 'tracking', h('code', 'tracking-id', m.trackingId), copy)]];
  const subscription = h('span', 'subscription', m.subscription);
  // The full GUID where the label shows a name: support cases and role requests need it.
  subscription.title = m.subscriptionId;
  rows.push(['Subscription', subscription]);
  if (m.impactStart) {
    rows.push(['Impact start', timeText(m.impactStart)]);
  }
  if (m.impactMitigation) {
    rows.push(['Mitigated', timeText(m.impactMitigation)]);
  }
  if (m.duration) {
    rows.push(['Duration', document.createTextNode(m.duration)]);
  }
  if (m.lastUpdate) {
    rows.push(['Last update', timeText(m.lastUpdate)]);
  }
  for (const f of m.facts) {
    rows.push([f.label, document.createTextNode(f.value)]);
  }
  const dl = h('dl', 'facts');
  for (const [label, value] of rows) {
    dl.append(h('dt', undefined, label), h('dd', undefined, value));
  }
  return section('Details', 'info', dl, tagChips(m.tags), renderActionButtons(m));
}

function renderServices(m: DetailsViewModel): HTMLElement | undefined {
  if (m.services.length === 0) {
    return undefined;
  }
  const list = h('ul', 'services');
  for (const s of m.services) {
    const regions = h('ul', 'regions');
    for (const r of s.regions) {
      const li = h('li', 'region', h('span', 'region-name', icon('globe'), ' ', r.name), h('span', `chip ${toneClass(r.tone)}`, r.status));
      if (r.lastUpdate) {
        li.append(h('span', 'muted small', 'updated ', timeText(r.lastUpdate)));
      }
      regions.append(li);
    }
    list.append(h('li', 'service', h('h3', undefined, icon('server'), ' ', s.name), s.regions.length ? regions : h('p', 'muted', 'No regions listed.')));
  }
  return section(`Impacted services (${m.services.length})`, 'server-environment', list);
}

function renderUpdate(u: UpdateView): HTMLElement {
  const meta = h('div', 'update-meta', u.time ? timeText(u.time) : h('span', 'muted', 'Time not given'));
  const where = [u.services.join(', '), u.regions.join(', ')].filter(Boolean).join(' · ');
  if (where) {
    meta.append(h('span', 'muted small where', where));
  }
  return h('li', 'update', meta, tagChips(u.tags), safeHtml('update-body', u.html));
}

/** The newest update, read first; the earlier ones come after the facts. */
function renderLatestUpdate(m: DetailsViewModel): HTMLElement | undefined {
  const latest = m.updates[0];
  if (!latest) {
    return undefined;
  }
  const s = section('Latest update', 'history', h('ol', 'timeline', renderUpdate(latest)));
  s.classList.add('latest-update');
  return s;
}

function renderEarlierUpdates(m: DetailsViewModel): HTMLElement | undefined {
  const earlier = m.updates.slice(1);
  if (earlier.length === 0) {
    return undefined;
  }
  const list = h('ol', 'timeline');
  for (const u of earlier) {
    list.append(renderUpdate(u));
  }
  const s = section(`Earlier updates (${earlier.length}, newest first)`, 'history', list);
  s.classList.add('earlier-updates');
  return s;
}

function renderActions(m: DetailsViewModel): HTMLElement | undefined {
  const ra = m.recommendedActions;
  if (!ra) {
    return undefined;
  }
  const list = h('ol', 'recommended');
  for (const a of ra.actions) {
    list.append(h('li', undefined, safeHtml('action', a.html)));
  }
  const s = section(ra.message, 'checklist', ra.highlight ? h('p', 'chip highlight', icon('warning'), 'Action Recommended') : null, ra.actions.length ? list : null);
  if (ra.highlight) {
    s.classList.add('highlighted');
  }
  return s;
}

function renderBilling(m: DetailsViewModel): HTMLElement | undefined {
  const b = m.billing;
  if (!b) {
    return undefined;
  }
  const dl = h('dl', 'facts billing');
  const row = (label: string, value: Child): void => {
    if (value) {
      dl.append(h('dt', undefined, label), h('dd', undefined, value));
    }
  };
  // The rate change is what a billing notice is about: it comes first in its section.
  if (b.oldRate !== undefined || b.newRate !== undefined) {
    const rate = h('span', 'rate', b.oldRate ?? '?', ' ', icon('arrow-right'), ' ', h('strong', undefined, b.newRate ?? '?'), b.currency ? ` ${b.currency}` : null, b.change ? h('span', 'muted', ` (${b.change})`) : null);
    rate.setAttribute('aria-label', `from ${b.oldRate ?? 'unknown'} to ${b.newRate ?? 'unknown'}${b.currency ? ` ${b.currency}` : ''}${b.change ? `, ${b.change}` : ''}`);
    row('Rate', rate);
  }
  row('Change', b.subType);
  row('Currency', b.currency);
  row('Billing ID', b.billingId ? h('code', undefined, b.billingId) : undefined);
  return section('Billing', 'credit-card', dl);
}

function renderLinks(m: DetailsViewModel): HTMLElement | undefined {
  const hyperlinks = m.links.filter((l) => l.kind === 'Hyperlink' || !l.url);
  if (hyperlinks.length === 0) {
    return undefined;
  }
  const list = h('ul', 'links');
  for (const l of hyperlinks) {
    if (l.url) {
      const a = h('a', undefined, l.text);
      a.href = l.url;
      a.title = m.sample ? SAMPLE_LINK_TITLE : l.url;
      const where = l.where ?? l.url;
      // Said where it goes, to the eye and to screen readers.
      a.setAttribute('aria-label', `${l.text}, opens ${where}`);
      list.append(h('li', undefined, icon('link-external'), ' ', a, h('span', 'muted where', ` · ${where}`)));
    } else {
      list.append(h('li', 'muted', icon('link'), ' ', l.text, ' (no address)'));
    }
  }
  return section('Links', 'link', list);
}

/** Every panel of a sample event says so first, whatever the event's own text claims. */
function renderSampleBanner(): HTMLElement {
  const banner = h('div', 'notice sample-banner', icon('beaker'), ' ', h('strong', undefined, 'Sample event.'), ' Made up by the local sample service: it is not a real Azure event, and its links lead nowhere.');
  banner.setAttribute('role', 'note');
  return banner;
}

/**
 * Order by what a reader needs: what it is (title, type, status), for billing the rate change,
 * what happened and what to do first (summary, recommended actions, latest update), then the
 * facts (ids, times, regions, services, links) and the rest of the history.
 */
function render(m: DetailsViewModel): void {
  fetchArea = undefined;
  sampleEvent = m.sample === true;
  const frag = document.createDocumentFragment();
  if (sampleEvent) {
    frag.append(renderSampleBanner());
  }
  frag.append(renderHeader(m));
  const parts: Array<HTMLElement | undefined> = [renderBilling(m)];
  if (m.detailsHidden) {
    parts.push(renderSensitiveNotice());
  } else if (m.isSensitive) {
    // Fetched sensitive events: keep room for a refresh error, without a button.
    fetchArea = h('div', 'fetch');
    parts.push(fetchArea);
  }
  parts.push(
    m.summaryHtml ? section('Summary', 'note', safeHtml('summary', m.summaryHtml)) : undefined,
    m.descriptionHtml ? section('Description', 'book', safeHtml('description', m.descriptionHtml)) : undefined,
    renderActions(m),
    renderLatestUpdate(m),
    renderFacts(m),
    renderServices(m),
    renderImpactedResources(m.impactedResources, { h, icon, section }),
    renderEarlierUpdates(m),
    m.faqs.length
      ? section('FAQs', 'question', ...m.faqs.map((f) => h('details', 'faq', h('summary', undefined, f.question || 'Question'), safeHtml('answer', f.answerHtml))))
      : undefined,
    m.articleHtml ? section('Article', 'file-text', safeHtml('article', m.articleHtml)) : undefined,
    m.additionalInformationHtml ? section('Additional information', 'info', safeHtml('additional', m.additionalInformationHtml)) : undefined,
    renderLinks(m),
  );
  for (const p of parts) {
    if (p) {
      frag.append(p);
    }
  }
  root.replaceChildren(frag);
  document.title = m.title;
  renderFetchState({ state: 'idle' });
}

// Links inside vendor HTML and the Links section: never navigate, ask the host.
document.addEventListener('click', (e) => {
  const target = e.target instanceof Element ? e.target.closest('a') : null;
  if (target) {
    e.preventDefault();
    const href = target.getAttribute('href');
    if (href && !sampleEvent) {
      openLink(href);
    }
  }
});

window.addEventListener('message', (e: MessageEvent<HostToWebview | null>) => {
  const msg = e.data;
  if (!msg || typeof msg !== 'object') {
    return;
  }
  if (msg.type === 'render') {
    vscode.setState(stateToSave(msg));
    render(msg.model);
  } else if (msg.type === 'fetchState') {
    renderFetchState(msg);
  }
});

const saved = vscode.getState() as WebviewState | undefined;
if (saved?.model) {
  render(saved.model);
}
vscode.postMessage({ type: 'ready' });
