/**
 * parseQuery: text → ParsedQuery. Structured terms (`type:ServiceIssue region:"West Europe"
 * -status:resolved since:7d sort:priority`) and plain questions ("are there active outages in
 * West Europe since monday?") mix freely. Every word is either understood, a stop-word, or
 * reported in `unrecognized`; nothing is dropped silently. Never throws.
 */
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_SUB_TYPES, EVENT_TYPES } from '../model/schemas';
import { cleanValue, compactKey, pushUnique, regionKey } from './normalize';
import { buildRegionIndex } from './regions';
import { buildServiceIndex } from './services';
import { parseTimeValue, readTimePhrase, type TimeContext, type TimeWindow } from './time';
import { tokenize, trimWord, type Token } from './tokenize';
import { KEYS, type ResourceKey } from './queryKeys';
import { applyResourceWords, readResourceWords } from './resourceWords';
import { emptyQuery, type ParseOptions, type ParsedQuery, type QueryFieldName, type QueryFields } from './types';
import {
  KNOWN_TAGS,
  MAX_PHRASE_WORDS,
  NEGATION_WORDS,
  STOP_WORDS,
  VOCABULARY,
  healthStatesOf,
  sortKeyOf,
  type VocabularyEntry,
  type VocabularyField,
} from './vocabulary';

/** Largest accepted `limit`; more is almost certainly a typo. */
export const MAX_LIMIT = 10_000;

/** How values of each field are compared for de-duplication (and by formatQuery's round-trip). */
export function fieldKey(field: QueryFieldName, value: string): string {
  if (field === 'text') return value.toLowerCase();
  if (field === 'regions') return regionKey(value);
  return compactKey(value);
}

const TRACKING_ID = /^(?=.*\d)(?=.*[a-z])[a-z0-9]{3,6}-[a-z0-9]{2,6}$/iu;

const CANONICAL: Partial<Record<VocabularyField, readonly string[]>> = {
  types: EVENT_TYPES,
  subTypes: EVENT_SUB_TYPES,
  statuses: EVENT_STATUSES,
  levels: EVENT_LEVELS,
  tags: KNOWN_TAGS,
};

// Indexes are pure functions of the name lists; remembering them per list (weakly) keeps a
// parse per keystroke cheap. The lists are readonly by type and treated as immutable.
const DEFAULT_LIST: readonly string[] = [];
const REGION_INDEXES = new WeakMap<readonly string[], Map<string, string>>();
const SERVICE_INDEXES = new WeakMap<readonly string[], Map<string, string>>();

function cachedIndex(
  cache: WeakMap<readonly string[], Map<string, string>>,
  list: readonly string[] | undefined,
  build: (list: readonly string[] | undefined) => Map<string, string>,
): Map<string, string> {
  const key = list ?? DEFAULT_LIST;
  let index = cache.get(key);
  if (!index) {
    index = build(list);
    cache.set(key, index);
  }
  return index;
}

interface WordItem {
  readonly raw: string;
  readonly lower: string;
  readonly negated: boolean;
}

class QueryBuilder {
  readonly q: ParsedQuery = emptyQuery();
  private readonly regions: Map<string, string>;
  private readonly services: Map<string, string>;
  private readonly ctx: TimeContext;

  constructor(options: ParseOptions) {
    this.regions = cachedIndex(REGION_INDEXES, options.knownRegions, buildRegionIndex);
    this.services = cachedIndex(SERVICE_INDEXES, options.knownServices, buildServiceIndex);
    const now = Number.isFinite(options.now) ? options.now : Date.now();
    this.ctx = { now, weekStartsOn: options.weekStartsOn === 0 ? 0 : 1 };
  }

  add(field: QueryFieldName, value: string, negated: boolean): void {
    const target: QueryFields = negated ? this.q.exclude : this.q;
    pushUnique(target[field], value, (v) => fieldKey(field, v));
  }

  applyEntry(entry: VocabularyEntry, negated: boolean): void {
    for (const [field, values] of Object.entries(entry.fields) as Array<[VocabularyField, readonly string[]]>) {
      for (const value of values) this.add(field, value, negated);
    }
    if (entry.sensitive !== undefined) this.q.sensitive = negated ? !entry.sensitive : entry.sensitive;
    if (entry.hir !== undefined) this.q.hir = negated ? !entry.hir : entry.hir;
  }

  applyWindow(window: TimeWindow): void {
    if (window.since !== undefined) this.q.since = window.since;
    if (window.until !== undefined) this.q.until = window.until;
    // A window with both ends replaces an earlier open end; one with a single end keeps the other.
    if (window.since !== undefined && window.until === undefined && this.q.until !== undefined && this.q.until <= window.since) {
      delete this.q.until;
    }
  }

  unrecognized(raw: string): void {
    this.q.unrecognized.push(raw);
  }

  /** Looks a phrase up in the vocabulary, then the regions, then the services. */
  lookup(key: string): ((negated: boolean) => void) | undefined {
    if (!key) return undefined;
    const entry = VOCABULARY.get(key);
    if (entry) return (negated) => this.applyEntry(entry, negated);
    const region = this.regions.get(key);
    if (region !== undefined) return (negated) => this.add('regions', region, negated);
    const service = this.services.get(key);
    if (service !== undefined) return (negated) => this.add('services', service, negated);
    return undefined;
  }

  /** A `key:value` term. Values that cannot be read are reported with the whole term. */
  term(token: Extract<Token, { kind: 'term' }>): void {
    const target = KEYS.get(token.key);
    const values = token.values.map(cleanValue).filter((v) => v.length > 0);
    if (target === undefined || values.length === 0) {
      this.unrecognized(token.raw);
      return;
    }
    const single = values.length === 1 ? values[0] : undefined;
    switch (target) {
      case 'since':
      case 'until': {
        const at = single === undefined || token.negated ? undefined : parseTimeValue(single, this.ctx);
        if (at === undefined) this.unrecognized(token.raw);
        else this.applyWindow(target === 'since' ? { since: at } : { until: at });
        return;
      }
      case 'sort': {
        const sort = single === undefined || token.negated ? undefined : sortKeyOf(single);
        if (sort === undefined) this.unrecognized(token.raw);
        else this.q.sort = sort;
        return;
      }
      case 'limit': {
        const n = single !== undefined && !token.negated && /^\d{1,9}$/u.test(single) ? Number(single) : 0;
        if (n < 1 || n > MAX_LIMIT) this.unrecognized(token.raw);
        else this.q.limit = n;
        return;
      }
      case 'sensitive':
      case 'hir':
      case 'impacted':
      case 'workspace': {
        const flag = single === undefined ? undefined : readBoolean(single);
        if (flag === undefined) this.unrecognized(token.raw);
        else this.q[target] = token.negated ? !flag : flag;
        return;
      }
      case 'health':
      case 'resources':
      case 'resourceGroups':
        this.resourceTerm(target, values, token);
        return;
      default:
        for (const value of values) this.fieldValue(target, value, token.negated);
    }
  }

  /** `health:`, `resource:`, `rg:`; negation is not offered for them, so `-health:…` is reported, not guessed. */
  private resourceTerm(target: ResourceKey, values: readonly string[], token: Extract<Token, { kind: 'term' }>): void {
    const states = target === 'health' ? values.map(healthStatesOf) : [];
    if (token.negated || states.some((s) => s === undefined)) {
      this.unrecognized(token.raw);
      return;
    }
    const added = target === 'health' ? states.flatMap((s) => s ?? []) : values;
    const list = (this.q[target] ??= []);
    for (const value of added) {
      if (!list.some((v) => v.toLowerCase() === value.toLowerCase())) list.push(value);
    }
  }

  private fieldValue(field: QueryFieldName, value: string, negated: boolean): void {
    const key = compactKey(value);
    switch (field) {
      case 'regions':
        this.add(field, this.regions.get(regionKey(value)) ?? value, negated);
        return;
      case 'services':
        this.add(field, this.services.get(key) ?? value, negated);
        return;
      case 'text':
        this.add(field, value, negated);
        return;
      default: {
        const canonical = CANONICAL[field]?.find((c) => compactKey(c) === key);
        if (canonical !== undefined) {
          this.add(field, canonical, negated);
          return;
        }
        // Synonyms: `status:open`, `level:high-impact`, `type:outage`; `type:retirement` is a sub-type.
        const entry = VOCABULARY.get(key);
        const values = entry?.fields[field] ?? (field === 'types' ? entry?.fields.subTypes : undefined);
        if (values !== undefined && values.length > 0) {
          const into = entry?.fields[field] ? field : 'subTypes';
          for (const v of values) this.add(into, v, negated);
          return;
        }
        // Open enums: a value the service may add later is kept as typed.
        this.add(field, value, negated);
      }
    }
  }

  /** A quoted phrase outside a term: a region or service when it names one exactly, else text. */
  phrase(token: Extract<Token, { kind: 'phrase' }>): void {
    const value = cleanValue(token.text);
    if (!value) {
      if (token.raw.trim()) this.unrecognized(token.raw);
      return;
    }
    const key = compactKey(value);
    const region = this.regions.get(key);
    if (region !== undefined) return this.add('regions', region, token.negated);
    const service = this.services.get(key);
    if (service !== undefined) return this.add('services', service, token.negated);
    this.add('text', value, token.negated);
  }

  /** A run of plain words: longest known phrase first, then stop-words, then reported. */
  words(items: readonly WordItem[]): void {
    const lower = items.map((w) => w.lower);
    let negation: string | undefined;
    const takeNegation = (): boolean => {
      const negated = negation !== undefined;
      negation = undefined;
      return negated;
    };
    const dropNegation = (): void => {
      if (negation !== undefined) this.unrecognized(negation);
      negation = undefined;
    };
    let i = 0;
    while (i < items.length) {
      const item = items[i];
      if (item === undefined) break;
      if (!item.lower) {
        i += 1;
        continue;
      }
      if (item.negated) {
        dropNegation();
        negation = '-';
      }
      if (NEGATION_WORDS.has(item.lower) && i + 1 < items.length && !item.negated) {
        dropNegation();
        negation = item.raw;
        i += 1;
        continue;
      }
      const time = readTimePhrase(lower, i, this.ctx);
      if (time) {
        dropNegation();
        this.applyWindow(time);
        i += time.consumed;
        continue;
      }
      const sortLength = this.sortPhrase(lower, i);
      if (sortLength > 0) {
        dropNegation();
        i += sortLength;
        continue;
      }
      const limit = limitOf(lower, i);
      if (limit !== undefined) {
        dropNegation();
        this.q.limit = limit;
        i += 2;
        continue;
      }
      const resource = readResourceWords(lower, items.map((w) => w.raw), i);
      if (resource) {
        const negated = negation ?? '';
        if (!applyResourceWords(this.q, resource, takeNegation())) this.unrecognized(`${negated} ${items.slice(i, i + resource.consumed).map((w) => w.raw).join(' ')}`.trim());
        i += resource.consumed;
        continue;
      }
      const matched = this.knownPhrase(items, lower, i, takeNegation);
      if (matched > 0) {
        i += matched;
        continue;
      }
      if (STOP_WORDS.has(item.lower) && !item.negated) {
        i += 1;
        continue;
      }
      if (TRACKING_ID.test(item.lower)) {
        this.add('text', item.raw.toUpperCase(), takeNegation());
        i += 1;
        continue;
      }
      if (item.negated) negation = undefined; // the "-" is reported with the word
      dropNegation();
      this.unrecognized(item.negated ? `-${item.raw}` : item.raw);
      i += 1;
    }
    dropNegation();
  }

  /** Applies the longest known phrase starting at word i; returns the words it used (0: none). */
  private knownPhrase(items: readonly WordItem[], lower: readonly string[], i: number, takeNegation: () => boolean): number {
    for (let len = Math.min(MAX_PHRASE_WORDS, items.length - i); len >= 1; len -= 1) {
      // Later words of a phrase must not carry their own "-" (that starts a new term).
      // Every word of a phrase must count: "outages ?? 💥" is not the phrase "outages".
      const phraseWords = items.slice(i, i + len);
      if (phraseWords.slice(1).some((w) => w.negated) || phraseWords.some((w) => !compactKey(w.lower))) continue;
      const apply = this.lookup(compactKey(lower.slice(i, i + len).join('')));
      if (apply) {
        apply(takeNegation());
        return len;
      }
    }
    return 0;
  }

  /** "sort by priority", "sorted by last update", "order by start", "by priority". Returns words used. */
  private sortPhrase(lower: readonly string[], i: number): number {
    const w0 = lower[i];
    if (w0 !== 'sort' && w0 !== 'sorted' && w0 !== 'order' && w0 !== 'ordered' && w0 !== 'by') return 0;
    let j = i + 1;
    if (w0 !== 'by' && lower[j] === 'by') j += 1;
    for (const len of [2, 1]) {
      const words = lower.slice(j, j + len);
      if (words.length !== len) continue;
      const sort = sortKeyOf(words.join(''));
      if (sort !== undefined) {
        this.q.sort = sort;
        return j + len - i;
      }
    }
    return 0;
  }
}

function readBoolean(value: string): boolean | undefined {
  const v = value.toLowerCase();
  if (v === 'true' || v === 'yes' || v === '1' || v === 'only') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  return undefined;
}

export function parseQuery(text: string, options: ParseOptions): ParsedQuery {
  const builder = new QueryBuilder(options);
  const tokens = tokenize(typeof text === 'string' ? text : '', (key) => KEYS.has(key));
  let run: WordItem[] = [];
  const flush = (): void => {
    if (run.length > 0) builder.words(run);
    run = [];
  };
  for (const token of tokens) {
    if (token.kind === 'word') {
      // A word of only symbols (an emoji, "#") is still a word the user typed: report it.
      const word = trimWord(token.word) || (/[^\p{P}\p{Z}\p{Cc}]/u.test(token.word) ? token.word : '');
      run.push({ raw: word, lower: word.toLowerCase(), negated: token.negated });
      continue;
    }
    flush();
    if (token.kind === 'term') builder.term(token);
    else builder.phrase(token);
  }
  flush();
  return builder.q;
}

/** "top 5", "first 20", "limit 100": the limit when word i starts one within bounds. */
function limitOf(lower: readonly string[], i: number): number | undefined {
  const word = lower[i];
  const next = lower[i + 1];
  if ((word === 'top' || word === 'first' || word === 'limit') && next !== undefined && /^\d{1,9}$/u.test(next)) {
    const n = Number(next);
    if (n >= 1 && n <= MAX_LIMIT) return n;
  }
  return undefined;
}
