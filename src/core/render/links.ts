/**
 * URL building and checking for the event details view. Every URL the host opens goes through
 * `checkExternalUrl`, whatever the webview claims, because the webview renders vendor content.
 */
import type { EventLink } from '../model/schemas';

export const DEFAULT_PORTAL_URL = 'https://portal.azure.com';

/**
 * Returns the normalised URL when it is an absolute https URL with a host, else undefined.
 * Control characters and whitespace are refused rather than stripped: a browser would strip
 * them and could then see a different scheme than this check did.
 */
export function checkExternalUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 8192) {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(raw)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') {
    return undefined;
  }
  return url.href;
}

/** The portal base to use: the given one when it is a valid https URL, else the public cloud. */
export function portalBase(configured: string | undefined): string {
  const checked = configured ? checkExternalUrl(configured.trim()) : undefined;
  if (!checked) {
    return DEFAULT_PORTAL_URL;
  }
  const url = new URL(checked);
  // Only the origin (plus an optional path prefix) is meaningful; the blade goes in the fragment.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** One URL path segment of a portal deep link; portal fragments are `/`-separated. */
function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Parameter values may be any JSON; only scalars fit into a blade path. */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return undefined;
}

/**
 * Deep link for a `link` of the event: `<portal>/#blade/<extensionName>/<bladeName>/<name>/<value>...`
 * (the classic portal blade address form, which the portal still resolves).
 * Decision ("not shown" how links without a blade are meant): a link without extensionName or
 * bladeName but with an https `url`/`uri`/`link` parameter opens that URL; otherwise no URL.
 */
export function linkUrl(link: EventLink, portal: string = DEFAULT_PORTAL_URL): string | undefined {
  const params = link.parameters ?? {};
  if (link.extensionName && link.bladeName) {
    const parts = [segment(link.extensionName), segment(link.bladeName)];
    for (const [name, raw] of Object.entries(params)) {
      const value = scalar(raw);
      if (value !== undefined && name !== '') {
        parts.push(segment(name), segment(value));
      }
    }
    return checkExternalUrl(`${portalBase(portal)}/#blade/${parts.join('/')}`);
  }
  for (const key of ['url', 'uri', 'link', 'href']) {
    const direct = checkExternalUrl(scalar(params[key]));
    if (direct) {
      return direct;
    }
  }
  return undefined;
}

/**
 * Decision: the Service Health browse blade's tab for each event type (the portal addresses tabs
 * as `~/<tab>`); unknown types open the service issues tab, which lists any tracking id.
 */
const PORTAL_TABS: Readonly<Record<string, string>> = {
  ServiceIssue: 'serviceIssues',
  EmergingIssues: 'serviceIssues',
  RCA: 'healthHistory',
  PlannedMaintenance: 'plannedMaintenance',
  HealthAdvisory: 'healthAdvisories',
  SecurityAdvisory: 'securityAdvisories',
  Billing: 'billingUpdates',
};

/**
 * "Open in portal" for an event:
 * `<portal>/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/<tab>/trackingId/<id>`.
 */
export function eventPortalUrl(
  trackingId: string,
  eventType: string | null | undefined,
  portal: string = DEFAULT_PORTAL_URL,
): string {
  const tab = (eventType && PORTAL_TABS[eventType]) || 'serviceIssues';
  const url = `${portalBase(portal)}/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/${tab}/trackingId/${segment(trackingId)}`;
  return checkExternalUrl(url) ?? `${DEFAULT_PORTAL_URL}/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/serviceIssues`;
}
