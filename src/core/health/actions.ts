/** Recommended actions of a status as working links: placeholders become portal pages. Why: docs/architecture.md#health-actions */
import type { AvailabilityStatus } from '../model/availability';
import { resourceIdOf } from '../model/availability';
import { checkExternalUrl, portalBase } from '../render/links';

export interface HealthAction {
  /** The action's text, with any placeholder taken out. */
  readonly text: string;
  /** An https URL to open; undefined when the action has none we can stand behind. */
  readonly url?: string;
  /** The words of `text` that carry the link (`actionUrlText`), when they occur in it. */
  readonly linkText?: string;
}

/** `<#ResourceBlade>`, `<#SupportCase>`, …: the service's stand-ins for portal pages. */
const PLACEHOLDER = /<#[^<>]*>/g;

/** The Help + support blade of the configured cloud's portal, where a support case is opened. */
export function supportPageUrl(portal: string): string | undefined {
  return checkExternalUrl(`${portalBase(portal)}/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview`);
}

/**
 * The portal page of a resource, `<portal>/#@/resource<id>`, each segment of the id encoded (a
 * resource group with a space stays one segment); undefined for anything but a subscription-scoped id.
 */
export function resourcePageUrl(resourceId: string | undefined, portal: string): string | undefined {
  const segments = resourceId?.trim().split('/').slice(1) ?? [];
  if (!resourceId?.startsWith('/') || segments[0]?.toLowerCase() !== 'subscriptions' || segments.length < 2) {
    return undefined;
  }
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    return undefined;
  }
  return checkExternalUrl(`${portalBase(portal)}/#@/resource/${segments.map(encodeSegment).join('/')}`);
}

/** Encodes a segment once: one the service sent already encoded is not encoded twice. */
function encodeSegment(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

/** Where a placeholder points; undefined for one we do not know (its text is kept, its link dropped). */
function placeholderUrl(placeholder: string, resourceId: string | undefined, portal: string): string | undefined {
  switch (placeholder.slice(2, -1).trim().toLowerCase()) {
    case 'resourceblade':
      return resourcePageUrl(resourceId, portal);
    case 'supportcase':
      return supportPageUrl(portal);
    default:
      return undefined;
  }
}

/** The recommended actions of a status, with text; each link is an https URL or absent, never a placeholder. */
export function healthActions(status: AvailabilityStatus, portal: string): HealthAction[] {
  const resourceId = resourceIdOf(status);
  const actions: HealthAction[] = [];
  for (const a of status.properties?.recommendedActions ?? []) {
    const text = withoutPlaceholders(a.action ?? '');
    if (text === '') {
      continue;
    }
    const raw = a.actionUrl?.trim() ?? '';
    const whole = /^<#[^<>]*>$/.test(raw);
    const url = whole ? placeholderUrl(raw, resourceId, portal) : checkExternalUrl(raw);
    const linkText = withoutPlaceholders(a.actionUrlText ?? '');
    actions.push({ text, ...(url ? { url } : {}), ...(url && linkText && text.toLowerCase().includes(linkText.toLowerCase()) ? { linkText } : {}) });
  }
  return actions;
}

/** Text with every `<#…>` placeholder taken out and the spaces around it collapsed. */
export function withoutPlaceholders(text: string): string {
  return text.replace(PLACEHOLDER, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A status as received but for its recommended actions: a placeholder link is replaced by the
 * page it stands for (or removed when unknown) and placeholders in texts are taken out, so even
 * JSON output never carries one raw.
 */
export function withResolvedActions<T extends AvailabilityStatus>(status: T, portal: string): T {
  const actions = status.properties?.recommendedActions;
  if (!actions || !JSON.stringify(actions).includes('<#')) {
    return status;
  }
  const resourceId = resourceIdOf(status);
  const resolved = actions.map((a) => {
    const copy: Record<string, unknown> = { ...a };
    for (const key of ['action', 'actionUrlText', '_ActionUrl.Comment'] as const) {
      const value = a[key];
      if (typeof value === 'string' && value.includes('<#')) {
        copy[key] = withoutPlaceholders(value);
      }
    }
    const raw = a.actionUrl?.trim() ?? '';
    if (raw.includes('<#')) {
      const url = /^<#[^<>]*>$/.test(raw) ? placeholderUrl(raw, resourceId, portal) : undefined;
      if (url) {
        copy['actionUrl'] = url;
      } else {
        delete copy['actionUrl'];
      }
    }
    return copy;
  });
  return { ...status, properties: { ...status.properties, recommendedActions: resolved } };
}
