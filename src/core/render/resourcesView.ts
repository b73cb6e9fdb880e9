/**
 * The details panel's "Impacted resources" section as plain JSON for the webview (rendered as
 * text; the only URLs are portal links built here from checked ARM ids, opened by the host after
 * checking them again).
 */
import { subscriptionNameOr, type SubscriptionNamer } from '../subscriptions/names';
import { groupByResourceGroup, NO_RESOURCE_GROUP, resourcePortalUrl, shortType, type ResourcesState } from './impactedRows';

export interface ResourceItemView {
  readonly name: string;
  /** Short type (`virtualMachines`); the full ARM type is in `fullType`. */
  readonly type: string;
  readonly fullType: string;
  readonly region: string;
  /** The subscription's name (else GUID), only when the event's resources span several subscriptions. */
  readonly subscription?: string;
  /** Portal page; absent for sample data and resources without an ARM id. */
  readonly url?: string;
  /** Its current health (state as received, codicon, theme color); absent when unknown, never "healthy" by default. */
  readonly health?: ResourceHealthView;
}

export interface ResourceHealthView {
  readonly state: string;
  readonly icon: string;
  readonly color?: string;
}

export interface ResourceGroupView {
  readonly name: string;
  readonly resources: readonly ResourceItemView[];
}

export type ResourcesView =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'loaded'; readonly count: number; readonly groups: readonly ResourceGroupView[]; readonly partialError?: string };

/** `portal` undefined: no links (sample mode). */
export function resourcesViewOf(
  state: ResourcesState | undefined,
  portal: string | undefined,
  subscriptionName?: SubscriptionNamer,
  healthOf?: (resourceId: string | undefined) => ResourceHealthView | undefined,
): ResourcesView {
  if (state === undefined || state.kind === 'loading') {
    return { state: 'loading' };
  }
  if (state.kind === 'error') {
    return { state: 'error', message: state.message };
  }
  // One subscription is the panel's own (named in its facts); several are told apart per resource.
  const several = new Set(state.rows.map((r) => r.subscriptionId.toLowerCase())).size > 1;
  const groups = groupByResourceGroup(state.rows).map((g) => ({
    name: g.resourceGroup || NO_RESOURCE_GROUP,
    resources: g.rows.map((r) => {
      const url = portal ? resourcePortalUrl(r.resourceId, portal) : undefined;
      const subscription = several ? { subscription: subscriptionNameOr(r.subscriptionId, subscriptionName) } : {};
      const health = healthOf?.(r.resourceId);
      return { name: r.name, type: r.type ? shortType(r.type) : '', fullType: r.type, region: r.region, ...subscription, ...(url ? { url } : {}), ...(health ? { health } : {}) };
    }),
  }));
  return { state: 'loaded', count: state.rows.length, groups, ...(state.partialError ? { partialError: state.partialError } : {}) };
}
