/** The reload offer for a bundle missing after an update (VS Code-free, so unit tests run it; bundleReload.ts gives it VS Code). */
import { BUNDLE_MISSING_MESSAGE, onBundleMissing, type BundleMissingError } from '../../core/bundles/bundleLoader';

export const RELOAD_WINDOW_ACTION = 'Reload Window';

/** What the offer needs of VS Code. */
export interface ReloadOfferHost {
  showWarningMessage(message: string, ...actions: string[]): PromiseLike<string | undefined>;
  reloadWindow(): PromiseLike<unknown>;
}

/**
 * Offers Reload Window the first time a bundle turns out missing, and only then: the window stays
 * updated-underneath until it reloads, and later failures say the sentence without a second offer.
 * Returns the removal of the listener.
 */
export function offerReloadOnce(host: ReloadOfferHost): () => void {
  let offered = false;
  return onBundleMissing((error: BundleMissingError) => {
    if (offered) {
      return;
    }
    offered = true;
    error.reloadOffered = true;
    void host.showWarningMessage(BUNDLE_MISSING_MESSAGE, RELOAD_WINDOW_ACTION).then((picked) => (picked === RELOAD_WINDOW_ACTION ? host.reloadWindow() : undefined));
  });
}
