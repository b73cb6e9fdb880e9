/**
 * The view model the host posts to the details webview. Plain JSON (it crosses postMessage and
 * is kept in webview state). Fields typed `SafeHtml` were sanitized in the host and are the only
 * ones the webview may insert as HTML; every other string is rendered as text.
 */
import type { ResourcesView } from './resourcesView';
import type { SafeHtml } from './sanitize';

export type Tone = 'error' | 'warning' | 'info' | 'success' | 'neutral';

export interface BadgeView {
  readonly label: string;
  readonly value: string;
  readonly tone: Tone;
  /** Codicon name without the `codicon-` prefix. */
  readonly icon?: string;
}

export interface TimeView {
  readonly ms: number;
  readonly utc: string;
  /** Relative to the host's clock when the model was built; the webview refreshes it. */
  readonly relative: string;
}

export interface RegionView {
  readonly name: string;
  readonly status: string;
  readonly tone: Tone;
  readonly lastUpdate?: TimeView;
  readonly updateCount: number;
}

export interface ServiceView {
  readonly name: string;
  readonly regions: readonly RegionView[];
}

export interface TagView {
  readonly text: string;
  /** The "Action Recommended" tag: action may be needed to avoid disruption. */
  readonly highlight: boolean;
}

export interface UpdateView {
  readonly time?: TimeView;
  /** Updates with the same time and text in several services and regions are merged into one. */
  readonly services: readonly string[];
  readonly regions: readonly string[];
  readonly html: SafeHtml;
  readonly tags: readonly TagView[];
}

export interface LinkView {
  readonly kind: 'Button' | 'Hyperlink';
  readonly text: string;
  /** Checked https URL; absent when the link cannot be turned into one. */
  readonly url?: string;
  /** Where `url` leads, for people: "Azure portal" or the host (`aka.ms`). Set with `url`. */
  readonly where?: string;
}

export interface ActionView {
  readonly groupId?: number;
  readonly html: SafeHtml;
}

export interface FaqView {
  readonly question: string;
  readonly answerHtml: SafeHtml;
}

export interface BillingView {
  readonly subType?: string;
  readonly currency?: string;
  readonly oldRate?: string;
  readonly newRate?: string;
  /** Signed percentage change when both rates are known and the old rate is not zero. */
  readonly change?: string;
  readonly billingId?: string;
}

export interface FactView {
  readonly label: string;
  readonly value: string;
}

export interface DetailsViewModel {
  readonly key: string;
  readonly subscriptionId: string;
  /** "Contoso Production (1234abcd)", or the GUID when no name is known (the GUID is the row's tooltip). */
  readonly subscription: string;
  readonly trackingId: string;
  readonly title: string;
  readonly badges: readonly BadgeView[];
  readonly facts: readonly FactView[];
  readonly impactStart?: TimeView;
  readonly impactMitigation?: TimeView;
  readonly lastUpdate?: TimeView;
  readonly duration?: string;
  readonly header?: string;
  /** Summary, description, article and additional information are '' when they repeat an earlier one. */
  readonly summaryHtml: SafeHtml;
  readonly descriptionHtml: SafeHtml;
  readonly services: readonly ServiceView[];
  readonly updates: readonly UpdateView[];
  readonly recommendedActions?: {
    readonly message: string;
    readonly actions: readonly ActionView[];
    readonly highlight: boolean;
  };
  readonly faqs: readonly FaqView[];
  readonly articleHtml: SafeHtml;
  readonly billing?: BillingView;
  readonly additionalInformationHtml: SafeHtml;
  /**
   * The event's tags. "Action Recommended" is left out when `recommendedActions` exists (its
   * `highlight` shows it there), so it appears once.
   */
  readonly tags: readonly TagView[];
  readonly links: readonly LinkView[];
  readonly portalUrl: string;
  /** Sensitive event whose description, summary and updates were not sent: offer "Fetch details". */
  readonly detailsHidden: boolean;
  readonly isSensitive: boolean;
  /** Made up by the sample service: the panel says so, and portal and support links are disabled. */
  readonly sample: boolean;
  /** The "Impacted resources" section (src/core/render/resourcesView.ts); absent when not offered. */
  readonly impactedResources?: ResourcesView;
}
