/**
 * The plain-language words of the query language: synonyms of types, sub-types, statuses,
 * levels and tags, and the stop-words that carry no meaning. Phrases are looked up by their
 * compact key (see normalize.ts), so "post-incident", "post incident" and "postincident" agree.
 */
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_SUB_TYPES, EVENT_TYPES } from '../model/schemas';
import { compactKey } from './normalize';
import type { SortKey } from './types';

export type VocabularyField = 'types' | 'subTypes' | 'statuses' | 'levels' | 'tags';

export interface VocabularyEntry {
  readonly fields: Partial<Record<VocabularyField, readonly string[]>>;
  readonly sensitive?: boolean;
  readonly hir?: boolean;
}

/** Tag values the seed names; other tags are kept as typed. */
export const KNOWN_TAGS: readonly string[] = ['Action Recommended', 'False Positive', 'Preliminary PIR', 'Final PIR'];

const BILLING_SUB_TYPES = new Set<string>([
  'ForeignExchangeRateChange', 'Underbilling', 'Overbilling', 'PriceChanges', 'TaxChanges', 'MeterIDChanges',
]);

const type = (value: string): VocabularyEntry => ({ fields: { types: [value] } });
// Billing sub-types imply the Billing type ("price changes" → Billing + PriceChanges); others
// (Retirement, UnauthorizedPartyAbuse) come with several types, so they constrain only the sub-type.
const subType = (value: string): VocabularyEntry =>
  BILLING_SUB_TYPES.has(value) ? { fields: { types: ['Billing'], subTypes: [value] } } : { fields: { subTypes: [value] } };
const status = (value: string): VocabularyEntry => ({ fields: { statuses: [value] } });
const levels = (...values: string[]): VocabularyEntry => ({ fields: { levels: values } });
const tag = (value: string): VocabularyEntry => ({ fields: { tags: [value] } });

const PHRASES: ReadonlyArray<readonly [readonly string[], VocabularyEntry]> = [
  [['outage', 'outages', 'incident', 'incidents', 'issue', 'issues', 'service issue', 'service issues',
    'problem', 'problems', 'disruption', 'disruptions', 'downtime'], type('ServiceIssue')],
  [['maintenance', 'planned', 'planned maintenance', 'maintenances', 'maintenance window', 'maintenance windows'],
    type('PlannedMaintenance')],
  [['advisory', 'advisories', 'health advisory', 'health advisories'], type('HealthAdvisory')],
  [['security', 'security advisory', 'security advisories', 'security issue', 'security issues'], type('SecurityAdvisory')],
  [['billing', 'bill', 'bills', 'billing notice', 'billing notices', 'price', 'prices', 'pricing'], type('Billing')],
  [['rca', 'rcas', 'pir', 'pirs', 'post-incident', 'post-incident review', 'post-incident reviews',
    'root cause', 'root cause analysis'], type('RCA')],
  [['emerging', 'emerging issue', 'emerging issues'], type('EmergingIssues')],
  [['retirement', 'retirements', 'retiring', 'retired', 'deprecation', 'deprecations'], subType('Retirement')],
  [['price change', 'price changes', 'price increase', 'price increases'], subType('PriceChanges')],
  [['tax change', 'tax changes', 'tax'], subType('TaxChanges')],
  [['exchange rate', 'exchange rates', 'currency', 'foreign exchange'], subType('ForeignExchangeRateChange')],
  [['underbilling', 'under-billing', 'underbilled'], subType('Underbilling')],
  [['overbilling', 'over-billing', 'overbilled'], subType('Overbilling')],
  [['meter change', 'meter changes', 'meter id change', 'meter id changes'], subType('MeterIDChanges')],
  [['abuse', 'unauthorized party abuse'], subType('UnauthorizedPartyAbuse')],
  [['active', 'open', 'ongoing', 'current', 'unresolved', 'happening now'], status('Active')],
  [['resolved', 'closed', 'mitigated', 'fixed'], status('Resolved')],
  [['critical'], levels('Critical')],
  [['error', 'errors'], levels('Error')],
  [['warning', 'warnings'], levels('Warning')],
  [['informational', 'info'], levels('Informational')],
  // "High impact" is not a field of the contract; it is read as the two top event levels.
  [['high impact', 'high-impact', 'high severity', 'severe', 'major'], levels('Critical', 'Error')],
  [['action recommended', 'action required', 'action needed', 'needs action', 'requires action', 'actionable'],
    tag('Action Recommended')],
  [['false positive', 'false positives'], tag('False Positive')],
  [['preliminary pir', 'preliminary pirs'], tag('Preliminary PIR')],
  [['final pir', 'final pirs'], tag('Final PIR')],
  [['sensitive'], { fields: {}, sensitive: true }],
  [['non-sensitive', 'not sensitive', 'insensitive'], { fields: {}, sensitive: false }],
  [['hir', 'high incident rate'], { fields: {}, hir: true }],
];

export const VOCABULARY: ReadonlyMap<string, VocabularyEntry> = (() => {
  const map = new Map<string, VocabularyEntry>();
  for (const [phrases, entry] of PHRASES) {
    for (const phrase of phrases) {
      map.set(compactKey(phrase), entry);
    }
  }
  // The canonical names themselves: "ServiceIssue", "PriceChanges", "Informational"...
  for (const value of EVENT_TYPES) map.set(compactKey(value), type(value));
  for (const value of EVENT_SUB_TYPES) map.set(compactKey(value), subType(value));
  for (const value of EVENT_STATUSES) map.set(compactKey(value), status(value));
  for (const value of EVENT_LEVELS) map.set(compactKey(value), levels(value));
  for (const value of KNOWN_TAGS) map.set(compactKey(value), tag(value));
  return map;
})();

/** Values of `health:`: the documented states and the words people use for them ("down", "unhealthy"). */
const HEALTH_WORDS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['unavailable', ['Unavailable']], ['down', ['Unavailable']], ['offline', ['Unavailable']],
  ['degraded', ['Degraded']], ['unknown', ['Unknown']],
  ['available', ['Available']], ['healthy', ['Available']], ['up', ['Available']],
  ['unhealthy', ['Unavailable', 'Degraded', 'Unknown']], ['notavailable', ['Unavailable', 'Degraded', 'Unknown']],
]);

/** The states a `health:` value stands for; undefined for a word that names none. */
export function healthStatesOf(value: string): readonly string[] | undefined {
  return HEALTH_WORDS.get(compactKey(value));
}

/** The longest phrase, in words, of the vocabulary; bounds the n-gram search. */
export const MAX_PHRASE_WORDS = 6;

/** Words that carry no filter meaning in questions like "are there any active outages in West Europe?". */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'are', 'is', 'was', 'were', 'be', 'been', 'there', 'any', 'anything', 'some', 'all',
  'in', 'for', 'of', 'on', 'at', 'to', 'with', 'about', 'around', 'by', 'and', 'or', 'from', 'within', 'during',
  'what', 'whats', "what's", 'which', 'who', 'how', 'when', 'where', 'why',
  'show', 'me', 'list', 'find', 'get', 'give', 'tell', 'see', 'display', 'search', 'check', 'please', 'can', 'could',
  'you', 'i', 'we', 'my', 'our', 'it', 'its', 'this', 'that', 'these', 'those', 'do', 'does', 'did', 'have', 'has',
  'had', 'event', 'events', 'notice', 'notices', 'notification', 'notifications', 'alert', 'alerts',
  'item', 'items', 'health', 'status', 'azure', 'region', 'regions', 'service', 'services', 'affecting', 'affected',
  'impacting', 'impacted', 'happening', 'happened', 'changed', 'changes', 'change', 'updated', 'update', 'updates',
  'new', 'latest', 'recent', 'recently', 'currently', 'now', 'right', 'going', 'on', 'up', 'yet', 'still',
  // "unhealthy resources in rg-app": the health and group words filter; "resources" itself says no more.
  'resource', 'resources',
]);

/** Words that negate the term after them. */
export const NEGATION_WORDS: ReadonlySet<string> = new Set(['not', 'excluding', 'except', 'without', 'exclude']);

const SORT_SYNONYMS: ReadonlyMap<string, SortKey> = new Map<string, SortKey>([
  ['priority', 'priority'], ['importance', 'priority'], ['severity', 'priority'],
  ['lastupdate', 'lastUpdate'], ['lastupdatetime', 'lastUpdate'], ['lastupdated', 'lastUpdate'], ['updated', 'lastUpdate'],
  ['update', 'lastUpdate'], ['recent', 'lastUpdate'], ['latest', 'lastUpdate'], ['newest', 'lastUpdate'],
  ['date', 'lastUpdate'], ['time', 'lastUpdate'],
  ['impactstart', 'impactStart'], ['impactstarttime', 'impactStart'], ['start', 'impactStart'],
  ['starttime', 'impactStart'], ['started', 'impactStart'],
]);

export function sortKeyOf(value: string): SortKey | undefined {
  return SORT_SYNONYMS.get(compactKey(value));
}
