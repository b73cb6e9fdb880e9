import type { HealthEvent } from '../../../src/core/model/schemas';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A fixed "now" so windows and relative times are deterministic. */
export const NOW = Date.parse('2025-06-10T12:00:00Z');

export function ev(
  name: string,
  props: {
    type?: string;
    status?: string;
    priority?: number;
    updated?: number;
    tags?: string[];
    title?: string;
    impact?: { service: string; regions: string[] }[];
  } = {},
): HealthEvent {
  return {
    id: `/subscriptions/s/providers/Microsoft.ResourceHealth/events/${name}`,
    name,
    type: '/providers/Microsoft.ResourceHealth/events',
    properties: {
      eventType: props.type ?? 'ServiceIssue',
      status: props.status ?? 'Active',
      priority: props.priority ?? 5,
      title: props.title ?? `Event ${name}`,
      lastUpdateTime: new Date(props.updated ?? NOW - HOUR).toISOString(),
      eventTags: props.tags ?? [],
      impact: (props.impact ?? [{ service: 'Virtual Machines', regions: ['East US'] }]).map((i) => ({
        impactedService: i.service,
        impactedRegions: i.regions.map((r) => ({ impactedRegion: r, status: 'Active' })),
      })),
    },
  };
}
