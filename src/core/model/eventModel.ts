/**
 * The event model without zod: the documented value lists, the types the schemas in schemas.ts
 * infer, and the helpers that read events. The extension's start (the tree drawn from the cache)
 * needs only these; the zod schemas load on first validation (see validation.ts).
 */
export type {
  ErrorResponse,
  EventLink,
  EventProperties,
  EventsPage,
  EventUpdate,
  HealthEvent,
  Impact,
  ImpactedRegion,
  RateLimitStatus,
  RateLimitWindow,
  Subscription,
} from './schemas';
import type { HealthEvent } from './schemas';

export * from './eventValues';

/** The tracking id of an event: its `name` (seed: "Name of the event (its tracking identifier)"). */
export function trackingIdOf(event: HealthEvent): string | undefined {
  return event.name ?? event.id?.split('/').pop() ?? undefined;
}
