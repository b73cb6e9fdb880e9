/**
 * Reads and writes the full events cache in shards (see core/cache/cacheShards): remembers which
 * events each shard on disk holds, so a save rewrites only the shards whose events changed, and
 * reads one shard at a time, letting the extension host answer in between.
 */
import { createHash } from 'node:crypto';
import { decodeShard, encodeShard, eventsByShard, MANIFEST_VERSION, readManifest, SHARD_COUNT, type CacheManifest } from '../../core/cache/cacheShards';
import type { StoredEvent } from '../../core/events/eventFacts';
import type { EventsStore } from '../../core/events/eventsStore';
import { CACHE_VERSION, snapshotOf, type EventsStoreSnapshot } from '../../core/cache/snapshot';
import { validation } from '../../core/model/validation';
import type { EventsCacheFiles } from './eventsCacheFiles';

interface ShardOnDisk {
  readonly name: string;
  readonly events: ReadonlySet<StoredEvent>;
}

export interface ShardedRead {
  readonly snapshot: EventsStoreSnapshot;
  /** The shard names, for {@link ShardedEventsCache.restored}. */
  readonly shards: readonly string[];
  /** Names the content (see {@link stampOf}). */
  readonly stamp: string;
}

/** What names a cache's content: its shard names (each named by its text). */
export function stampOf(shards: readonly string[]): string {
  return createHash('sha256').update(shards.join('\n')).digest('hex').slice(0, 24);
}

const yieldToHost = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class ShardedEventsCache {
  private onDisk: { identity: string; shards: readonly ShardOnDisk[] } | undefined;

  constructor(private readonly files: EventsCacheFiles) {}

  /**
   * The cached snapshot, read shard by shard, its events checked (restore it with `checked`); undefined when the manifest or any shard is missing,
   * torn or of another version (a cache missing some events would hide them until a full load),
   * or when `current()` turns false meanwhile.
   */
  async read(identity: string, current: () => boolean): Promise<ShardedRead | undefined> {
    const manifest = readManifest(await this.files.read(identity, 'full'));
    if (!manifest || manifest.shards.length !== SHARD_COUNT) {
      return undefined;
    }
    const events: { subscriptionId: string; event: unknown }[] = [];
    for (const name of manifest.shards) {
      await yieldToHost();
      const text = await this.files.readShard(identity, name);
      const decoded = text === undefined || !current() ? undefined : decodeShard(text);
      if (!decoded) {
        return undefined;
      }
      // Checked here, shard by shard, so restoring them (EventsStore.restore's `checked`) is quick.
      const { cachedEvent } = validation();
      for (const e of decoded) {
        const checked = cachedEvent(e);
        if (checked) {
          events.push(checked);
        }
      }
    }
    const { savedAt, subscriptions, seen, notifiedIssues, notifiedActions } = manifest;
    return { snapshot: { version: CACHE_VERSION, savedAt, subscriptions, events, seen, notifiedIssues, notifiedActions }, shards: manifest.shards, stamp: stampOf(manifest.shards) };
  }

  /** The store was restored from what {@link read} gave: those shards are on disk. */
  restored(identity: string, store: EventsStore, shardNames: readonly string[]): void {
    this.onDisk = { identity, shards: eventsByShard(store.getEvents()).map((events, i) => ({ name: shardNames[i] ?? '', events: new Set(events) })) };
  }

  /** Forgets what is on disk (another connection, a deleted cache). */
  forget(): void {
    this.onDisk = undefined;
  }

  /**
   * Writes the store: the shards whose events changed since they were written or read, and the
   * manifest. `screen` makes the first screen for the content's stamp; it runs only when the
   * events changed or `screenKey` differs from the last write's. Resolves to the stamp.
   */
  async write(identity: string, store: EventsStore, screen: { key: string; make: (stamp: string) => unknown }): Promise<string> {
    const before = this.onDisk?.identity === identity ? this.onDisk.shards : undefined;
    const newShards = new Map<string, string>();
    const shards = eventsByShard(store.getEvents()).map((events, i): ShardOnDisk => {
      const old = before?.[i];
      if (old && old.name && old.events.size === events.length && events.every((e) => old.events.has(e))) {
        return old;
      }
      const text = encodeShard(events);
      const name = this.files.shardName(identity, i, text);
      // Events listed again as they were (the overlap of incremental refreshes) leave the file as it is.
      if (name !== old?.name) {
        newShards.set(name, text);
      }
      return { name, events: new Set(events) };
    });
    const names = shards.map((s) => s.name);
    const stamp = stampOf(names);
    const { savedAt, subscriptions, seen, notifiedIssues, notifiedActions } = snapshotOf(store);
    const manifest: CacheManifest = { version: MANIFEST_VERSION, savedAt, subscriptions, seen, notifiedIssues, notifiedActions, shards: names };
    const remake = newShards.size > 0 || screen.key !== this.screenKey || before === undefined;
    this.onDisk = undefined;
    await this.files.write(identity, { manifest, newShards, screen: remake ? { value: screen.make(stamp) } : 'keep' });
    this.onDisk = { identity, shards };
    this.screenKey = screen.key;
    return stamp;
  }

  private screenKey: string | undefined;
}
