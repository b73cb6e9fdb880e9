/** The full events cache in shards. Why: docs/architecture.md#cache-cacheshards */
import type { StoredEvent } from '../events/eventFacts';
import { incidentKey } from '../events/incidents';
import type { EventsStoreSnapshot } from './snapshot';

export const MANIFEST_VERSION = 2;
export const SHARD_COUNT = 16;

export interface CacheManifest extends Omit<EventsStoreSnapshot, 'version' | 'events'> {
  readonly version: typeof MANIFEST_VERSION;
  /** File names of the shards, all of which must be read for the cache to count. */
  readonly shards: readonly string[];
}

/** The shard an incident's copies go to (FNV-1a of its key). */
export function shardOf(trackingId: string): number {
  const key = incidentKey(trackingId);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0) % SHARD_COUNT;
}

/** Events by shard, each in the order held. */
export function eventsByShard(events: readonly StoredEvent[]): StoredEvent[][] {
  const shards: StoredEvent[][] = Array.from({ length: SHARD_COUNT }, () => []);
  for (const e of events) {
    (shards[shardOf(e.trackingId)] as StoredEvent[]).push(e);
  }
  return shards;
}

/** A shard's text: entries `{ s: subscription ids, i: their ARM ids, e: the event without its id }`. */
export function encodeShard(events: readonly StoredEvent[]): string {
  const byContent = new Map<string, { s: string[]; i: (string | null)[] }>();
  for (const { subscriptionId, event } of events) {
    const text = JSON.stringify({ ...event, id: undefined });
    const entry = byContent.get(text);
    if (entry) {
      entry.s.push(subscriptionId);
      entry.i.push(event.id ?? null);
    } else {
      byContent.set(text, { s: [subscriptionId], i: [event.id ?? null] });
    }
  }
  const entries = [...byContent].map(([text, { s, i }]) => `{"s":${JSON.stringify(s)},"i":${JSON.stringify(i)},"e":${text}}`);
  return `{"shard":${MANIFEST_VERSION},"entries":[${entries.join(',')}]}`;
}

/**
 * The copies of a shard's text, as a store snapshot lists them (each event is checked when the
 * store restores it); undefined for a torn or foreign text.
 */
export function decodeShard(text: string): { subscriptionId: string; event: unknown }[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const shard = json as { shard?: unknown; entries?: unknown } | null;
  if (typeof shard !== 'object' || shard === null || shard.shard !== MANIFEST_VERSION || !Array.isArray(shard.entries)) {
    return undefined;
  }
  const out: { subscriptionId: string; event: unknown }[] = [];
  for (const item of shard.entries as unknown[]) {
    const entry = item as { s?: unknown; i?: unknown; e?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || !Array.isArray(entry.s) || !Array.isArray(entry.i) || entry.s.length !== entry.i.length) {
      return undefined;
    }
    if (typeof entry.e !== 'object' || entry.e === null) {
      return undefined;
    }
    const ids = entry.i as unknown[];
    for (const [n, subscriptionId] of (entry.s as unknown[]).entries()) {
      const id = ids[n];
      if (typeof subscriptionId !== 'string' || (id !== null && typeof id !== 'string')) {
        return undefined;
      }
      out.push({ subscriptionId, event: id === null ? { ...entry.e } : { ...entry.e, id } });
    }
  }
  return out;
}

/** A manifest read back; undefined when it is not one of this version. */
export function readManifest(json: unknown): CacheManifest | undefined {
  const m = json as Partial<CacheManifest> | null;
  if (typeof m !== 'object' || m === null || m.version !== MANIFEST_VERSION || !Array.isArray(m.shards) || !m.shards.every((s) => typeof s === 'string' && /^[\w.-]+$/.test(s))) {
    return undefined;
  }
  return m as CacheManifest;
}
