// Shared by the trust-boundary suite: a scripted signed-in Microsoft account, an in-memory Memento,
// a loopback server that records every request, and a recursive search of storage folders.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { AuthenticationApi } from '../../src/ui/auth/azureAuth';

/** An authentication API that holds one account and hands out `token` silently. */
export class OneAccount implements AuthenticationApi {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  readonly session: vscode.AuthenticationSession;

  constructor(token: string) {
    this.session = { id: randomUUID(), accessToken: token, account: { id: `acct-${randomUUID()}`, label: 'user@example.com' }, scopes: [] };
  }

  getSession(): Promise<vscode.AuthenticationSession | undefined> {
    return Promise.resolve(this.session);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

export class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
}

/** A loopback HTTP server that answers 200 `{"value":[]}` and records every request. */
export async function startRecorder(): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"value":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every file under `folder` (any depth) whose bytes contain `needle`; a missing folder holds none. */
export async function filesContaining(folder: vscode.Uri, needle: string): Promise<string[]> {
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(folder);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const [name, type] of entries) {
    const child = vscode.Uri.joinPath(folder, name);
    if (type & vscode.FileType.Directory) {
      found.push(...(await filesContaining(child, needle)));
    } else if (type & vscode.FileType.File) {
      const bytes = await vscode.workspace.fs.readFile(child);
      if (Buffer.from(bytes).includes(needle)) found.push(child.toString());
    }
  }
  return found;
}

/** How many files (any depth) are under `folder`: proves a search had something to search. */
export async function countFiles(folder: vscode.Uri): Promise<number> {
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(folder);
  } catch {
    return 0;
  }
  let n = 0;
  for (const [name, type] of entries) {
    n += type & vscode.FileType.Directory ? await countFiles(vscode.Uri.joinPath(folder, name)) : 1;
  }
  return n;
}

export async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
