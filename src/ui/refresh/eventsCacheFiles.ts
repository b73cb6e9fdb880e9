/**
 * The events cache on disk, per connection identity (mode, cloud, endpoint, account, tenant): the
 * full snapshot and its small preview (see core/events/cachePreview), which the tree is drawn
 * from on start. Local storage (the usual case, also on a remote's extension host) is read and
 * written with Node's file system: VS Code's file service would carry every byte through the
 * workbench and back, seconds for a 100 MB cache. Writes go to a temporary file first, so a
 * crash never leaves half a cache.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';

export type CachePart = 'full' | 'preview' | 'screen';

export class EventsCacheFiles {
  constructor(private readonly dir: vscode.Uri) {}

  uri(identity: string, part: CachePart): vscode.Uri {
    const hash = createHash('sha256').update(identity).digest('hex').slice(0, 24);
    return vscode.Uri.joinPath(this.dir, part === 'full' ? `events-${hash}.json` : `events-${hash}.${part}.json`);
  }

  /** The parsed JSON of one part; undefined when it does not exist or is not JSON. */
  async read(identity: string, part: CachePart): Promise<unknown> {
    const uri = this.uri(identity, part);
    try {
      const text = this.local ? await readFile(uri.fsPath, 'utf8') : Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  /**
   * Writes the full snapshot, then its preview and first screen (neither outlives the full cache
   * it stands for: both name its `savedAt`); a first screen that cannot be made is deleted.
   */
  async write(identity: string, full: unknown, preview: unknown, screen: unknown): Promise<void> {
    await this.writeOne(this.uri(identity, 'full'), JSON.stringify(full));
    await this.writeOne(this.uri(identity, 'preview'), JSON.stringify(preview));
    await (screen === undefined ? this.deleteOne(this.uri(identity, 'screen')) : this.writeOne(this.uri(identity, 'screen'), JSON.stringify(screen)));
  }

  /** Deletes every part; resolves to whether the full cache existed. */
  async delete(identity: string): Promise<boolean> {
    const [full] = await Promise.all([this.deleteOne(this.uri(identity, 'full')), this.deleteOne(this.uri(identity, 'preview')), this.deleteOne(this.uri(identity, 'screen'))]);
    return full;
  }

  private get local(): boolean {
    return this.dir.scheme === 'file';
  }

  private async writeOne(uri: vscode.Uri, text: string): Promise<void> {
    if (!this.local) {
      await vscode.workspace.fs.createDirectory(this.dir);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
      return;
    }
    await mkdir(this.dir.fsPath, { recursive: true });
    const temp = `${uri.fsPath}.${process.pid}.tmp`;
    try {
      await writeFile(temp, text, 'utf8');
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
