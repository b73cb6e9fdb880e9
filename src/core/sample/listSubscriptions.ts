/** GET /subscriptions: every subscription the service holds, with made-up display names. */
import { checkApiVersion, SUBSCRIPTIONS_API_VERSIONS } from './replies';
import type { Reply } from './types';

const SUBSCRIPTION_NAMES = ['Contoso Production', 'Contoso Dev/Test', 'Fabrikam Analytics', 'Northwind Retail', 'Tailspin Toys'];

export function listSubscriptions(url: URL, subscriptionIds: readonly string[], tenantId: string): Reply {
  const bad = checkApiVersion(url, SUBSCRIPTIONS_API_VERSIONS);
  if (bad) {
    return bad;
  }
  return {
    status: 200,
    body: {
      value: subscriptionIds.map((id, i) => ({
        id: `/subscriptions/${id}`,
        subscriptionId: id,
        displayName: SUBSCRIPTION_NAMES[i % SUBSCRIPTION_NAMES.length] ?? `Subscription ${i + 1}`,
        state: 'Enabled',
        tenantId,
      })),
    },
  };
}
