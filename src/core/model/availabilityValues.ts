// The availability statuses' value lists: no imports, so the schemas and availability.ts both build on it without a circle.
/** The documented states, in the order a list shows them: not Available first (later states go after Unknown). */
export const AVAILABILITY_STATES = ['Unavailable', 'Degraded', 'Unknown', 'Available'] as const;
export const REASON_CHRONICITIES = ['Transient', 'Persistent'] as const;
export const REASON_TYPES = ['Unplanned', 'Planned', 'UserInitiated'] as const;

export type KnownAvailabilityState = (typeof AVAILABILITY_STATES)[number];
