/**
 * ARM resource groups (api-version 2021-04-01): one group's region, for `check --resource-group`
 * (`resourceGroup().location`), and the groups of a subscription, for the editor's choice. Sent
 * through the same client as every other request (the throttled client in production).
 */
import { validation } from '../model/validation';
import { ApiError } from './errors';
import { apiTargetOf, requireSegment, subscriptionPath, type ApiTarget, type HealthEventsApiOptions } from './healthEventsApi';
import { followPages, requestJson } from './paging';
import type { ResourceGroup } from './resourceGroupSchemas';
import { append } from '../text/lists';

export const RESOURCE_GROUPS_API_VERSION = '2021-04-01';

export class ResourceGroupsApi {
  private readonly client: HealthEventsApiOptions['client'];
  private readonly target: ApiTarget;

  constructor(options: HealthEventsApiOptions) {
    this.client = options.client;
    this.target = apiTargetOf(options);
  }

  /** GET /subscriptions/{S}/resourcegroups/{NAME}: the group, or undefined when it does not exist (404). */
  async get(subscriptionId: string, name: string, options: { signal?: AbortSignal } = {}): Promise<ResourceGroup | undefined> {
    const group = requireSegment(name, 'resource group name');
    const url = `${this.target.base}${subscriptionPath(subscriptionId)}/resourcegroups/${encodeURIComponent(group)}?api-version=${RESOURCE_GROUPS_API_VERSION}`;
    try {
      const { data } = await requestJson(this.client, { method: 'GET', url, signal: options.signal, headers: { accept: 'application/json' } }, validation().resourceGroupSchema, 'a resource group', {
        operation: 'getResourceGroup',
        subscriptionId,
      });
      return data;
    } catch (error) {
      // ResourceGroupNotFound; a 404 for the subscription itself (SubscriptionNotFound) is an error.
      if (error instanceof ApiError && error.status === 404 && !/subscription/i.test(error.code ?? '')) {
        return undefined;
      }
      throw error;
    }
  }

  /** GET /subscriptions/{S}/resourcegroups, every page. */
  async list(subscriptionId: string, options: { signal?: AbortSignal } = {}): Promise<ResourceGroup[]> {
    const groups: ResourceGroup[] = [];
    const pages = followPages({
      client: this.client,
      firstUrl: `${this.target.base}${subscriptionPath(subscriptionId)}/resourcegroups?api-version=${RESOURCE_GROUPS_API_VERSION}`,
      apiVersion: RESOURCE_GROUPS_API_VERSION,
      maxPages: this.target.maxPages,
      origin: this.target.origin,
      schema: validation().resourceGroupsPageSchema,
      kind: 'a resource group list',
      context: { operation: 'listResourceGroups', subscriptionId },
      signal: options.signal,
    });
    for await (const page of pages) {
      append(groups, page.value);
    }
    return groups;
  }
}
