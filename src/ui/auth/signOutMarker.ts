/**
 * Sign Out, told to every window of the user: a file in the extension's global storage. globalState
 * is shared by the windows but not evented (another window reads its old value for a while), and our
 * Sign Out keeps VS Code's session, so no session event reaches the other windows. A file is seen at
 * once: other windows check it before they load or write the events cache, and when they get focus.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';

const NAME = 'signed-out';

export class SignOutMarker {
  constructor(private readonly dir: vscode.Uri) {}

  private get uri(): vscode.Uri {
    return vscode.Uri.joinPath(this.dir, NAME);
  }

  /** Sign Out: written before the cache is deleted, so no window writes it back after. */
  async set(): Promise<void> {
    if (this.dir.scheme === 'file') {
      await mkdir(this.dir.fsPath, { recursive: true });
      await writeFile(this.uri.fsPath, `${new Date().toISOString()}\n`, 'utf8');
      return;
    }
    await vscode.workspace.fs.createDirectory(this.dir);
    await vscode.workspace.fs.writeFile(this.uri, new TextEncoder().encode(new Date().toISOString()));
  }

  /** Sign In: removed before the new session is used. */
  async clear(): Promise<void> {
    if (this.dir.scheme === 'file') {
      await rm(this.uri.fsPath, { force: true });
      return;
    }
    await vscode.workspace.fs.delete(this.uri, { useTrash: false }).then(undefined, () => undefined);
  }

  async isSet(): Promise<boolean> {
    try {
      if (this.dir.scheme === 'file') {
        await stat(this.uri.fsPath);
      } else {
        await vscode.workspace.fs.stat(this.uri);
      }
      return true;
    } catch {
      return false;
    }
  }
}
