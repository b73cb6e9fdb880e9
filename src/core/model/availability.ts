/**
 * The availability status model without zod: the types the schemas in availabilitySchemas.ts
 * infer and the readers every front end shares (state, times, the resource a status is about,
 * the events it links to). Why: docs/architecture.md#model-availability
 */
export type { AvailabilityAction, AvailabilityStatus, AvailabilityStatusProperties, ServiceImpactingEvent } from './availabilitySchemas';
import type { AvailabilityStatus } from './availabilitySchemas';
import { parseServiceTime } from './eventValues';

export * from './availabilityValues';

/** The state as received (trimmed); undefined when the status has none (an impacting event in a history). */
export function stateOf(status: AvailabilityStatus): string | undefined {
  const state = status.properties?.availabilityState?.trim();
  return state ? state : undefined;
}

/** When the state last changed: the reference's `occuredTime`, or a corrected `occurredTime`. */
export function occurredTimeOf(status: AvailabilityStatus): string | undefined {
  const p = status.properties;
  return p?.occurredTime ?? p?.occuredTime ?? undefined;
}

/**
 * A time of a status in ms, or undefined for none or a placeholder (`0001-01-01T00:00:00`).
 * Decision: a time without a zone is UTC, as the reference types every one of these fields
 * `utcDateTime` (unlike the events' times, which say nothing).
 */
export function healthTime(value: string | null | undefined): number | undefined {
  return parseServiceTime(value?.trim());
}

/** `…/providers/Microsoft.ResourceHealth/availabilityStatuses/current` (any case; the reference's examples even misspell it). */
const STATUS_SUFFIX = /\/providers\/microsoft\.resourcehealth\/availabilitystat[a-z]*(?:\/[^/]*)?$/i;

/** The ARM id of the resource a status is about: its `id` without the availability-status suffix, else `targetResourceId`. */
export function resourceIdOf(status: AvailabilityStatus): string | undefined {
  const target = (status.properties as { targetResourceId?: unknown } | null | undefined)?.targetResourceId;
  if (typeof target === 'string' && target.trim() !== '') {
    return target.trim();
  }
  const id = status.id?.trim();
  if (!id || !STATUS_SUFFIX.test(id)) {
    return undefined;
  }
  const resource = id.replace(STATUS_SUFFIX, '');
  return resource.startsWith('/') && resource.length > 1 ? resource : undefined;
}

/** One named segment of an ARM id (`resourceGroups` → the group), decoded when it was encoded. */
function segmentAfter(resourceId: string, name: string): string | undefined {
  const parts = resourceId.split('/');
  const at = parts.findIndex((p) => p.toLowerCase() === name.toLowerCase());
  const value = at >= 0 ? parts[at + 1] : undefined;
  return value ? decoded(value) : undefined;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function subscriptionOfResource(resourceId: string): string | undefined {
  return segmentAfter(resourceId, 'subscriptions');
}

export function resourceGroupOfResource(resourceId: string): string | undefined {
  return segmentAfter(resourceId, 'resourceGroups');
}

/** The resource's own name: the last segment of its id. */
export function resourceNameOfId(resourceId: string): string | undefined {
  const last = resourceId.split('/').filter((s) => s !== '').pop();
  return last ? decoded(last) : undefined;
}

/** `Microsoft.Compute/virtualMachines` from `…/providers/Microsoft.Compute/virtualMachines/vm1` (nested types kept). */
export function resourceTypeOfId(resourceId: string): string | undefined {
  const parts = resourceId.split('/').filter((s) => s !== '');
  const at = parts.map((p) => p.toLowerCase()).lastIndexOf('providers');
  if (at < 0 || at + 2 >= parts.length) {
    return undefined;
  }
  const rest = parts.slice(at + 1);
  const types = [rest[0] ?? '', ...rest.slice(1).filter((_, i) => i % 2 === 0)];
  return types.join('/');
}

/** The tracking ids of the events a status links to: `trackingId` when sent, else the `correlationId`. */
export function linkedTrackingIds(status: AvailabilityStatus): string[] {
  const ids = (status.properties?.serviceImpactingEvents ?? []).map((e) => (e.trackingId ?? e.correlationId ?? '').trim()).filter((id) => id !== '');
  return [...new Set(ids)];
}
