/**
 * Whether to offer "add this subscription" for the subscriptions azd environments name
 * (`.azure/<env>/.env` AZURE_SUBSCRIPTION_ID). VS Code-free, so unit-tested; azdOffer.ts asks.
 */

/** workspaceState key of the subscriptions the user said "Don't Ask Again" to, in this workspace. */
export const DECLINED_KEY = 'serviceHealth.azdOffer.declined';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

export interface OfferContext {
  readonly mode: 'azure' | 'sample';
  readonly signedIn: boolean;
  /** The subscriptions shown now (SubscriptionSelection.selected). */
  readonly selected: readonly string[];
  /** The `serviceHealth.subscriptions` setting lists ids (Azure mode): it decides, a remembered selection would not show. */
  readonly settingDecides: boolean;
  /** Sample mode: the subscriptions the sample service serves. */
  readonly sampleIds?: readonly string[];
  /** Declined for good in this workspace ("Don't Ask Again"), or already asked this session. */
  readonly declined: readonly string[];
}

/**
 * The azd subscriptions to offer, in order, each once (compared case-insensitively). Azure mode:
 * only signed in, and not while the setting decides. Sample mode: only ids the sample service
 * serves (a real subscription id cannot be listed or added there; the sample's own ids make the
 * offer something a newcomer can try without an Azure account).
 */
export function subscriptionsToOffer(azd: readonly string[], c: OfferContext): string[] {
  if (c.mode === 'azure' ? !c.signedIn || c.settingDecides : !c.sampleIds) {
    return [];
  }
  const skip = new Set([...c.selected, ...c.declined].map((s) => s.toLowerCase()));
  const served = c.mode === 'sample' ? new Set((c.sampleIds ?? []).map((s) => s.toLowerCase())) : undefined;
  const out: string[] = [];
  for (const raw of azd) {
    const id = raw.trim();
    const key = id.toLowerCase();
    if (GUID.test(id) && !skip.has(key) && (served === undefined || served.has(key))) {
      skip.add(key);
      out.push(id);
    }
  }
  return out;
}

/** The declined ids as stored in workspaceState (anything else there is ignored). */
export function declinedOf(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
}
