/** The quota buckets grouped as the service defines them, for "Show API Quota". Why: docs/architecture.md#quota-quotagroups */
import type { QuotaSnapshot, QuotaState } from '../http/types';
import { formatCount } from '../text/numbers';
import { formatCountdown, severityOf, type QuotaSeverity } from './quotaSummary';

export type QuotaGroupKind = 'subscription' | 'global' | 'tenant' | 'provider' | 'category';

export interface QuotaItem {
  readonly resource: string;
  /** e.g. "Reads · Contoso Production", "core". */
  readonly label: string;
  /** e.g. "249 of 250 left", "4,812 of 5,000 left". */
  readonly description: string;
  /** e.g. "Refills continuously · ARM response headers". */
  readonly detail: string;
  readonly severity: QuotaSeverity;
  /** One sentence for "what is this and when does it come back", shown when the row is picked. */
  readonly explanation: string;
}

export interface QuotaGroup {
  readonly kind: QuotaGroupKind;
  readonly title: string;
  readonly items: readonly QuotaItem[];
}

const TITLES: Readonly<Record<QuotaGroupKind, string>> = {
  subscription: 'Azure Resource Manager · per subscription',
  global: 'Azure Resource Manager · global (all regions)',
  tenant: 'Azure Resource Manager · tenant',
  provider: 'Resource provider limits',
  category: 'API categories',
};
const ORDER: readonly QuotaGroupKind[] = ['subscription', 'global', 'tenant', 'provider', 'category'];

/** "subscription-global-reads/ID" -> its kind, operation ("reads") and subscription id. */
export function parseBucketName(resource: string): { kind: QuotaGroupKind; operation?: string; subscriptionId?: string } {
  const arm = /^(subscription-global|subscription|tenant)-(reads|writes|deletes)(?:\/(.+))?$/.exec(resource);
  if (arm) {
    const scope = arm[1] === 'subscription-global' ? 'global' : arm[1] === 'tenant' ? 'tenant' : 'subscription';
    return { kind: scope, operation: arm[2], ...(arm[3] ? { subscriptionId: arm[3] } : {}) };
  }
  return { kind: resource.includes('/') ? 'provider' : 'category' };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function resetText(b: QuotaSnapshot, now: number): string {
  if (b.resetAt === undefined) {
    return 'refills continuously';
  }
  if (b.resetAt <= now) {
    return 'already reset';
  }
  return `resets at ${new Date(b.resetAt).toISOString().slice(11, 19)} UTC (in ${formatCountdown(b.resetAt - now)})`;
}

/** "Reads · Contoso Production", "core": a bucket's row label, its subscription by name when known. */
export function bucketLabel(resource: string, nameOf: (id: string) => string | undefined): string {
  const parsed = parseBucketName(resource);
  const name = parsed.subscriptionId ? (nameOf(parsed.subscriptionId) ?? parsed.subscriptionId) : undefined;
  const what = parsed.operation ? capitalised(parsed.operation) : resource;
  return name ? `${what} · ${name}` : what;
}

function item(b: QuotaSnapshot, now: number, nameOf: (id: string) => string | undefined): QuotaItem {
  const parsed = parseBucketName(b.resource);
  const name = parsed.subscriptionId ? (nameOf(parsed.subscriptionId) ?? parsed.subscriptionId) : undefined;
  const what = parsed.operation ? capitalised(parsed.operation) : b.resource;
  const label = bucketLabel(b.resource, nameOf);
  const left = b.limit !== undefined ? `${formatCount(b.remaining)} of ${formatCount(b.limit)} left` : `${formatCount(b.remaining)} left`;
  const source = b.source === 'rate_limit' ? 'GET /rate_limit' : 'response headers';
  const reset = resetText(b, now);
  const whose = name ? ` for ${name}` : parsed.kind === 'tenant' ? ' for your tenant' : '';
  const refill =
    b.resetAt === undefined && parsed.operation
      ? 'Azure Resource Manager refills this token bucket continuously, so waiting a few seconds gives requests back'
      : `It ${reset}`;
  return {
    resource: b.resource,
    label,
    description: left,
    detail: `${capitalised(reset)} · from ${source}${name && name !== parsed.subscriptionId ? ` · ${parsed.subscriptionId}` : ''}`,
    severity: severityOf(b, now),
    explanation: `${what}${whose}: ${left} (from ${source}). ${refill}.`,
  };
}

/** Non-empty groups in a fixed order, rows sorted by label within each. */
export function quotaGroups(state: QuotaState, now: number, nameOf: (subscriptionId: string) => string | undefined = () => undefined): QuotaGroup[] {
  const byKind = new Map<QuotaGroupKind, QuotaItem[]>();
  for (const b of state.buckets.values()) {
    const kind = parseBucketName(b.resource).kind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), item(b, now, nameOf)]);
  }
  return ORDER.filter((k) => byKind.has(k)).map((kind) => ({
    kind,
    title: TITLES[kind],
    items: [...(byKind.get(kind) ?? [])].sort((a, b) => a.label.localeCompare(b.label)),
  }));
}
