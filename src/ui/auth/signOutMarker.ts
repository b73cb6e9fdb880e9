/** Sign Out, told to every window of the user. Why: docs/architecture.md#auth-signoutmarker */
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
