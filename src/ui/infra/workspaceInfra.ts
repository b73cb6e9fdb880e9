/**
 * The workspace's templates, read once on first need (never inside activate) and again per changed
 * file: files come from `findFiles` (files.exclude and search.exclude honoured), capped in count and
 * size with one log line per cap, fed to one core InfraIndex per workspace folder.
 */
import * as vscode from 'vscode';
import { infraFileKind } from '../../core/infra/classify';
import { InfraIndex } from '../../core/infra/infraIndex';
import type { InfraReport, InfraTarget, InfraUnresolved } from '../../core/infra/types';
import { errorText } from '../../core/text/errorText';
import type { HealthEvent } from '../../core/model/eventModel';
import { Disposable } from '../base/disposable';
import { targetKeys, touchesAny } from './lineNotes';
import { touchedTarget } from './workspaceSection';
import { excludeGlob, INFRA_GLOB, WORKSPACE_LIMITS } from './workspaceGlobs';

interface FolderIndex {
  readonly folder: vscode.WorkspaceFolder;
  readonly index: InfraIndex;
  /** Every path read once, template or not (a package.json is found by the glob but holds no template). */
  readonly seen: Set<string>;
}

export class WorkspaceInfra extends Disposable {
  private readonly folders = new Map<string, FolderIndex>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires after the first read and after each file read again. */
  readonly onDidChange = this.changed.event;
  private started: Promise<void> | undefined;
  private readonly capsLogged = new Set<string>();
  /** The deployed (service, region) keys; undefined until the first read is done. */
  private keys: Set<string> | undefined;
  /** Every target, by file then line: the tree's marker names the first one an event touches. */
  private targets: InfraTarget[] = [];
  /** azd environments' subscription ids, for "add this subscription?". */
  private azdSubscriptions: string[] = [];

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly limits: { readonly maxFiles: number; readonly maxFileBytes: number } = WORKSPACE_LIMITS,
  ) {
    super();
  }

  /** Starts the first read (once); resolves when it is done. */
  start(): Promise<void> {
    this.started ??= this.readAll().catch((error: unknown) => this.log.error(`Reading the workspace's templates failed: ${errorText(error)}`));
    return this.started;
  }

  /** For `workspace:yes`: whether the event touches what the workspace deploys; undefined until read (and starts the read). */
  touches(event: HealthEvent): boolean | undefined {
    if (!this.keys) {
      void this.start();
      return undefined;
    }
    return touchesAny(event, this.keys);
  }

  /** Each folder's report once the first read is done (it starts the read), for `@health`. */
  async reports(): Promise<Array<{ folder: vscode.WorkspaceFolder; report: InfraReport }>> {
    return (await this.folderReports()).map(({ folder, report }) => ({ folder, report }));
  }

  /** For the Events tree's marker: the first target the event touches; undefined when none or not read yet. */
  placeOf(event: HealthEvent): InfraTarget | undefined {
    return this.keys && touchesAny(event, this.keys) ? touchedTarget(event, this.targets) : undefined;
  }

  /** The subscription ids the workspace's azd environments name (AZURE_SUBSCRIPTION_ID). */
  get subscriptions(): readonly string[] {
    return this.azdSubscriptions;
  }

  get isStarted(): boolean {
    return this.started !== undefined;
  }

  /** The targets declared in one file (by its URI). */
  targetsOf(uri: vscode.Uri): InfraTarget[] {
    const at = this.locate(uri);
    return at ? at.entry.index.report().targets.filter((t) => t.file === at.rel) : [];
  }

  /** Every file with targets or places that could not be checked, and both. */
  allTargets(): { uri: vscode.Uri; targets: InfraTarget[]; unresolved: InfraUnresolved[] }[] {
    const out: { uri: vscode.Uri; targets: InfraTarget[]; unresolved: InfraUnresolved[] }[] = [];
    for (const { folder, index } of this.folders.values()) {
      const byFile = new Map<string, { targets: InfraTarget[]; unresolved: InfraUnresolved[] }>();
      const of = (file: string) => {
        let entry = byFile.get(file);
        if (!entry) {
          entry = { targets: [], unresolved: [] };
          byFile.set(file, entry);
        }
        return entry;
      };
      const report = index.report();
      // Pushed, never copied per target (review L7).
      for (const t of report.targets) of(t.file).targets.push(t);
      for (const u of report.unresolved) of(u.file).unresolved.push(u);
      for (const [file, entry] of byFile) {
        out.push({ uri: vscode.Uri.joinPath(folder.uri, ...file.split('/')), ...entry });
      }
    }
    return out;
  }

  /** Each workspace folder's report and template files, once the first read is done (it starts the read). */
  async folderReports(): Promise<{ folder: vscode.WorkspaceFolder; report: InfraReport; paths: string[] }[]> {
    await this.start();
    await this.catchUp();
    return [...this.folders.values()].map(({ folder, index }) => ({ folder, report: index.report(), paths: index.paths() }));
  }

  /**
   * Before an answer (chat, agent tools): files the watcher did not report (a network or WSL drive,
   * a burst of changes it dropped) are read, and files gone are forgotten. Files held are not re-read.
   */
  async catchUp(): Promise<void> {
    let changed = false;
    for (const entry of this.folders.values()) {
      const found = new Map<string, vscode.Uri>();
      for (const uri of await this.findTemplates(entry.folder)) {
        const rel = relativeTo(entry.folder, uri);
        if (rel !== undefined) found.set(rel, uri);
      }
      for (const path of [...entry.seen]) {
        if (found.has(path)) continue;
        entry.seen.delete(path);
        changed = entry.index.delete(path) || changed;
      }
      for (const [path, uri] of found) {
        if (entry.seen.has(path)) continue;
        await this.readFile(entry, uri);
        changed = true;
      }
    }
    if (changed) this.fireChanged();
  }

  /** The folder's template files as `findFiles` sees them (search.exclude honoured), capped with a log line. */
  private async findTemplates(folder: vscode.WorkspaceFolder): Promise<vscode.Uri[]> {
    const exclude = excludeGlob(vscode.workspace.getConfiguration('search').get<unknown>('exclude'));
    // One more than the cap tells that the cap was hit.
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, INFRA_GLOB), exclude, this.limits.maxFiles + 1);
    if (uris.length > this.limits.maxFiles) {
      this.logCap('files', `Service Health read only the first ${this.limits.maxFiles} template files of ${folder.name}; the others are left out.`);
    }
    return uris.slice(0, this.limits.maxFiles);
  }

  private async readAll(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const entry: FolderIndex = { folder, index: new InfraIndex(), seen: new Set() };
      this.folders.set(folder.uri.toString(), entry);
      for (const uri of await this.findTemplates(folder)) {
        await this.readFile(entry, uri);
      }
      this.watch(folder, entry);
    }
    this.fireChanged();
    this.log.info(`Read ${[...this.folders.values()].reduce((n, f) => n + f.index.size, 0)} template files: ${this.targets.length} deployment targets, ${this.azdSubscriptions.length} azd subscriptions.`);
  }

  private watch(folder: vscode.WorkspaceFolder, entry: FolderIndex): void {
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, INFRA_GLOB)));
    const reread = (uri: vscode.Uri): void =>
      void this.readFile(entry, uri).then(() => {
        this.fireChanged();
        this.log.info(`Read ${relativeTo(folder, uri) ?? uri.fsPath} again: ${this.targets.length} deployment targets, ${this.azdSubscriptions.length} azd subscriptions.`);
      });
    this._register(watcher.onDidChange(reread));
    this._register(watcher.onDidCreate(reread));
    const forget = (uri: vscode.Uri): void => {
      const rel = relativeTo(folder, uri);
      if (rel !== undefined && entry.index.deleteUnder(rel)) {
        this.fireChanged();
      }
    };
    this._register(watcher.onDidDelete(forget));
    // A deleted folder is reported as the folder alone, which the template glob does not match.
    const folders = this._register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'), true, true, false));
    this._register(folders.onDidDelete(forget));
  }

  private async readFile(entry: FolderIndex, uri: vscode.Uri): Promise<void> {
    const rel = relativeTo(entry.folder, uri);
    if (rel !== undefined) entry.seen.add(rel);
    if (rel === undefined || !infraFileKind(rel) || /(^|\/)(node_modules|\.terraform|\.git)\//.test(rel)) {
      return;
    }
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > this.limits.maxFileBytes) {
        entry.index.skip(rel, `the file is larger than ${this.limits.maxFileBytes} bytes`);
        this.logCap('bytes', `Service Health skipped template files larger than ${this.limits.maxFileBytes} bytes (first: ${rel}).`);
        return;
      }
      entry.index.set(rel, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch (error) {
      // Deleted between finding and reading, or unreadable: forget it and say why in the log.
      entry.index.delete(rel);
      this.log.warn(`Could not read ${rel}: ${errorText(error)}`);
    }
  }

  private fireChanged(): void {
    const reports = [...this.folders.values()].map((f) => f.index.report());
    this.targets = reports.flatMap((r) => r.targets).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    this.keys = targetKeys(this.targets);
    this.azdSubscriptions = [...new Set(reports.flatMap((r) => r.subscriptions))];
    this.changed.fire();
  }

  /** One log line per cap and session. */
  private logCap(cap: string, line: string): void {
    if (!this.capsLogged.has(cap)) {
      this.capsLogged.add(cap);
      this.log.warn(line);
    }
  }

  private locate(uri: vscode.Uri): { entry: FolderIndex; rel: string } | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const entry = folder && this.folders.get(folder.uri.toString());
    const rel = folder && relativeTo(folder, uri);
    return entry && rel !== undefined ? { entry, rel } : undefined;
  }
}

/** The path of `uri` inside `folder` with forward slashes, or undefined when it is outside. */
function relativeTo(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  const base = folder.uri.path.endsWith('/') ? folder.uri.path : `${folder.uri.path}/`;
  return uri.scheme === folder.uri.scheme && uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}
