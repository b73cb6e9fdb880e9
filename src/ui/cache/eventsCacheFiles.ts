/** The events cache on disk, per connection identity (mode, cloud, endpoint, account, tenant). Why: docs/architecture.md#cache-eventscachefiles */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { decodeCacheBytes, encodeCacheText } from '../../core/cache/cacheCodec';

/** The manifest, the first screen, and the last resource health listing (its own file: it refreshes on its own schedule). */
export type CachePart = 'full' | 'screen' | 'health';

export interface CacheWrite {
  readonly manifest: { readonly shards: readonly string[] };
  /** Shards not on disk yet, by name (see {@link EventsCacheFiles.shardName}). */
  readonly newShards: ReadonlyMap<string, string>;
  /** The first screen (undefined when none can be made: an old one is deleted), or 'keep' the one on disk. */
  readonly screen: { readonly value: unknown } | 'keep';
}

export class EventsCacheFiles {
  constructor(
    private readonly dir: vscode.Uri,
    /** True after Sign Out in this or another window (see SignOutMarker). */
    private readonly signedOut: () => Promise<boolean> = () => Promise.resolve(false),
  ) {}

  private prefix(identity: string): string {
    return `events-${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`;
  }

  uri(identity: string, part: CachePart): vscode.Uri {
    const prefix = this.prefix(identity);
    return vscode.Uri.joinPath(this.dir, part === 'full' ? `${prefix}.json` : `${prefix}.${part}.json`);
  }

  /** The file name of a shard with this text. */
  shardName(identity: string, index: number, text: string): string {
    return `${this.prefix(identity)}.shard${index}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  }

  /** The parsed JSON of one part; undefined when it does not exist or is not JSON. */
  async read(identity: string, part: CachePart): Promise<unknown> {
    try {
      return JSON.parse(await this.readText(this.uri(identity, part))) as unknown;
    } catch {
      return undefined;
    }
  }

  /** A shard's text; undefined when it is missing or belongs to another identity. */
  async readShard(identity: string, name: string): Promise<string | undefined> {
    if (!name.startsWith(`${this.prefix(identity)}.shard`) || name.includes('/') || name.includes('\\')) {
      return undefined;
    }
    try {
      return await this.readText(vscode.Uri.joinPath(this.dir, name));
    } catch {
      return undefined;
    }
  }

  /** Writes the new shards, then the manifest that names them, then the first screen; then removes shards no manifest names. */
  async write(identity: string, w: CacheWrite): Promise<void> {
    if (await this.signedOut()) {
      return;
    }
    for (const [name, text] of w.newShards) {
      await this.writeOne(vscode.Uri.joinPath(this.dir, name), text);
    }
    await this.writeOne(this.uri(identity, 'full'), JSON.stringify(w.manifest));
    if (w.screen !== 'keep') {
      await (w.screen.value === undefined ? this.deleteOne(this.uri(identity, 'screen')) : this.writeOne(this.uri(identity, 'screen'), JSON.stringify(w.screen.value)));
    }
    const keep = new Set(w.manifest.shards);
    await this.deleteOthers(identity, (name) => !keep.has(name));
    // Signed out while writing: the other window deleted the cache before this write ended.
    if (await this.signedOut()) {
      await this.delete(identity);
    }
  }

  /** Writes one part on its own (the health listing); nothing after Sign Out, and deleted again when Sign Out came during the write. */
  async writePart(identity: string, part: 'health', value: unknown): Promise<void> {
    if (await this.signedOut()) {
      return;
    }
    await this.writeOne(this.uri(identity, part), JSON.stringify(value));
    if (await this.signedOut()) {
      await this.deleteOne(this.uri(identity, part));
    }
  }

  /** Deletes every part; resolves to whether the manifest existed. */
  async delete(identity: string): Promise<boolean> {
    const [full] = await Promise.all([this.deleteOne(this.uri(identity, 'full')), this.deleteOne(this.uri(identity, 'screen')), this.deleteOne(this.uri(identity, 'health'))]);
    await this.deleteOthers(identity, () => true);
    return full;
  }

  private get local(): boolean {
    return this.dir.scheme === 'file';
  }

  /** A file's text: gzip since the cache was compressed, plain JSON when an earlier version wrote it (still read). */
  private async readText(uri: vscode.Uri): Promise<string> {
    return decodeCacheBytes(this.local ? await readFile(uri.fsPath) : await vscode.workspace.fs.readFile(uri));
  }

  /** Deletes this identity's shards that `drop` picks, and the preview file earlier versions wrote. */
  private async deleteOthers(identity: string, drop: (name: string) => boolean): Promise<void> {
    const prefix = this.prefix(identity);
    let names: string[];
    try {
      names = this.local ? await readdir(this.dir.fsPath) : (await vscode.workspace.fs.readDirectory(this.dir)).map(([name]) => name);
    } catch {
      return;
    }
    const stale = names.filter((n) => n === `${prefix}.preview.json` || (n.startsWith(`${prefix}.shard`) && n.endsWith('.json') && drop(n)));
    await Promise.all(stale.map((n) => this.deleteOne(vscode.Uri.joinPath(this.dir, n))));
  }

  private async writeOne(uri: vscode.Uri, text: string): Promise<void> {
    const bytes = await encodeCacheText(text);
    if (!this.local) {
      await vscode.workspace.fs.createDirectory(this.dir);
      await vscode.workspace.fs.writeFile(uri, bytes);
      return;
    }
    await mkdir(this.dir.fsPath, { recursive: true });
    const temp = `${uri.fsPath}.${process.pid}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, uri.fsPath);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async deleteOne(uri: vscode.Uri): Promise<boolean> {
    try {
      if (this.local) {
        await rm(uri.fsPath);
      } else {
        await vscode.workspace.fs.delete(uri, { useTrash: false });
      }
      return true;
    } catch {
      return false;
    }
  }
}
