/** The one-sentence messages of availability-status errors that differ from the events'. Why: docs/architecture.md#api-availabilityerrors */
// Operations by name (a string, not errors.ts's type: importing it would close a circle).
const AVAILABILITY_OPERATIONS: readonly string[] = ['listAvailabilityStatuses', 'getAvailabilityStatus', 'listAvailabilityHistory'];

export interface AvailabilityWords {
  /** `subscription "Contoso"` or `subscription <id>`. */
  readonly sub: string;
  /** The resource id, already made safe to show. */
  readonly resource?: string;
  /** The service's code or message blames the subscription, not the resource. */
  readonly subscriptionProblem: boolean;
}

/** The message of a 403 or 404 of an availability operation; undefined for other errors (the common wording applies). */
export function availabilityMessage(status: number, why: string, operation: string, words: AvailabilityWords): string | undefined {
  if (!AVAILABILITY_OPERATIONS.includes(operation)) {
    return undefined;
  }
  const where = operation === 'listAvailabilityStatuses' || !words.resource ? words.sub : `resource ${words.resource}`;
  if (status === 403) {
    return `You may not read the resource health of ${where} (it needs Microsoft.ResourceHealth/availabilityStatuses/read${why ? `; ${why.slice(2, -1)}` : ''}); ask an administrator for at least the Reader role, or pick another subscription.`;
  }
  if (status === 404 && operation !== 'listAvailabilityStatuses' && !words.subscriptionProblem && words.resource) {
    return `The resource ${words.resource} was not found${why}; it may have been deleted or moved, so check the id or refresh the list.`;
  }
  return undefined;
}
