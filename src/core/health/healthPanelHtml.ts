/**
 * The resource health panel's body as HTML, built in the host from the model: every value is
 * escaped here (the webview inserts this string and nothing else as HTML). Links carry only URLs
 * the host built; event links carry the event's ref in data attributes, never an href.
 */
import { escapeHtml } from '../render/escape';
import type { HealthAction } from './actions';
import type { HealthPanelModel, HistoryEntry, PanelEventInput, StateView } from './healthPanel';

/** The body HTML (a compile-time marker: made only by {@link renderHealthBody}). */
export type HealthBodyHtml = string & { readonly __healthBody: true };

const e = escapeHtml;

function icon(name: string): string {
  return `<span class="codicon codicon-${e(name)}" aria-hidden="true"></span>`;
}

function section(title: string, iconName: string, body: string, className = ''): string {
  return `<section class="section${className ? ` ${e(className)}` : ''}"><h2>${icon(iconName)}${e(title)}</h2>${body}</section>`;
}

function stateBadge(state: StateView): string {
  return `<span class="badge tone-${e(state.tone)} health-state">${icon(state.icon)}${e(state.words)}</span>`;
}

function facts(rows: readonly { readonly label: string; readonly value: string }[]): string {
  return rows.length ? `<dl class="facts">${rows.map((r) => `<dt>${e(r.label)}</dt><dd>${e(r.value)}</dd>`).join('')}</dl>` : '';
}

function link(url: string, label: string, title?: string): string {
  return `<a href="${e(url)}" title="${e(title ?? url)}">${e(label)}</a>`;
}

/** An action's text, its link words (`actionUrlText`) made the link, else a trailing link. */
function action(a: HealthAction): string {
  if (!a.url) {
    return `<li>${e(a.text)}</li>`;
  }
  if (a.linkText) {
    const at = a.text.toLowerCase().indexOf(a.linkText.toLowerCase());
    const words = a.text.slice(at, at + a.linkText.length);
    return `<li>${e(a.text.slice(0, at))}${link(a.url, words)}${e(a.text.slice(at + a.linkText.length))}</li>`;
  }
  return `<li>${e(a.text)} ${link(a.url, 'Open')}</li>`;
}

function eventItem(ev: PanelEventInput): string {
  const why = ev.via === 'status' ? 'named by the resource health' : ev.via === 'impacted' ? 'lists this resource as impacted' : 'named by the resource health; lists this resource as impacted';
  const name = ev.subscriptionId
    ? `<a href="#" class="event-link" data-subscription-id="${e(ev.subscriptionId)}" data-tracking-id="${e(ev.trackingId)}" title="Open the event details">${e(ev.title)}</a>`
    : `<span>${e(ev.title)}</span> <span class="muted small">(not in the Service Health list)</span>`;
  return `<li>${icon('pulse')} ${name} <span class="muted small">· ${e(ev.trackingId)} · ${e(why)}</span></li>`;
}

function historyItem(h: HistoryEntry): string {
  return `<li class="update"><div class="update-meta">${stateBadge(h.state)}${h.when ? ` <span class="muted small">${e(h.when)}</span>` : ''}</div>${h.text ? `<p>${e(h.text)}</p>` : ''}</li>`;
}

function errorLine(message: string, className: string): string {
  return `<p class="${e(className)}" role="alert">${icon('error')} ${e(message)}</p>`;
}

function historySection(m: HealthPanelModel): string {
  const h = m.history;
  let body: string;
  if (h === 'idle' || h === 'loading') {
    body = `<p class="muted">${icon('loading codicon-modifier-spin')} Loading the history…</p>`;
  } else if ('error' in h) {
    body = errorLine(h.error, 'history-error');
  } else if (h.length === 0) {
    body = '<p class="muted">No earlier health changes are recorded for this resource.</p>';
  } else {
    body = `<ol class="timeline">${h.map(historyItem).join('')}</ol>`;
  }
  return section(Array.isArray(h) ? `History (${h.length}, newest first)` : 'History', 'history', body, 'health-history');
}

function headerOf(m: HealthPanelModel): string {
  const badge = m.state ? `<ul class="badges"><li>${stateBadge(m.state)}</li></ul>` : '';
  const status = m.current === 'loading' ? `<p class="muted">${icon('loading codicon-modifier-spin')} Loading the current health…</p>` : typeof m.current === 'object' ? errorLine(m.current.error, 'current-error') : '';
  return `<header class="head"><h1 class="title">${e(m.name)}</h1>${badge}${status}<p class="subtitle"><code class="resource-id">${e(m.resourceId)}</code></p></header>`;
}

/** The panel body: what the resource's state is and why, what to do, then its events and history. */
export function renderHealthBody(m: HealthPanelModel): HealthBodyHtml {
  const parts: string[] = [];
  if (m.sample) {
    parts.push(`<div class="notice sample-banner" role="note">${icon('beaker')} <strong>Sample resource.</strong> Made up by the local sample service: links to its own portal page are not offered.</div>`);
  }
  parts.push(headerOf(m));
  const status = [m.title ? `<p class="health-title"><strong>${e(m.title)}</strong></p>` : '', m.summary ? `<p class="health-summary">${e(m.summary)}</p>` : '', m.detailedStatus ? `<p class="health-detailed">${e(m.detailedStatus)}</p>` : ''].join('');
  const when = facts([...(m.reason ? [{ label: 'Reason', value: m.reason }] : []), ...m.times]);
  if (status || when) {
    parts.push(section('Current health', 'pulse', status + when, 'health-current'));
  }
  if (m.actions.length) {
    parts.push(section('Recommended actions', 'checklist', `<ol class="recommended">${m.actions.map(action).join('')}</ol>`, 'health-actions'));
  }
  if (m.recentlyResolved) {
    const r = m.recentlyResolved;
    parts.push(section('Recently resolved', 'pass', `${r.summary ? `<p>${e(r.summary)}</p>` : ''}${facts(r.times)}`, 'health-resolved'));
  }
  parts.push(
    section(
      `Active events (${m.events.length})`,
      'pulse',
      m.events.length ? `<ul class="links health-events">${m.events.map(eventItem).join('')}</ul>` : '<p class="muted">No active event in the Service Health list touches this resource.</p>',
      'health-events-section',
    ),
  );
  parts.push(historySection(m));
  const details = facts(m.facts);
  const portal = m.portalUrl ? `<p>${icon('link-external')} ${link(m.portalUrl, 'Open in Azure portal', 'Opens this resource in the Azure portal')}</p>` : '';
  parts.push(section('Resource', 'symbol-field', details + portal, 'health-resource'));
  return parts.join('') as HealthBodyHtml;
}
