/**
 * The workspace's templates, read once on first need (never inside activate) and kept current:
 * files come from `findFiles` (files.exclude and search.exclude honoured), capped in count and size
 * with one log line per cap; open templates are read as typed. Reading happens in the reader's
 * worker (core/infra/infraReader.ts); the bookkeeping is TemplateSync's (tested without VS Code).
 */
import * as vscode from 'vscode';
import { InfraReader, type FolderRead } from '../../core/infra/infraReader';
import { regionsOf, type RegionChoice, type RegionChoices } from '../../core/infra/regionChoice';
import type { InfraReport, InfraTarget, InfraUnresolved } from '../../core/infra/types';
import { errorText } from '../../core/text/errorText';
import type { HealthEvent } from '../../core/model/eventModel';
import { Disposable } from '../base/disposable';
import { readTemplateGlobs, searchExclude, TEMPLATE_EXCLUDE_SETTING, TEMPLATE_INCLUDE_SETTING } from '../config/settings';
import { targetKeys, touchesAny } from './lineNotes';
import { RetryingStart, TemplateSync } from './templateSync';
import { touchedTarget } from './workspaceSection';
import { excludeGlob, INFRA_GLOB, WORKSPACE_LIMITS } from './workspaceGlobs';

const realSleep = { sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

export class WorkspaceInfra extends Disposable {
  private readonly reader: InfraReader;
  private readonly sync: TemplateSync;
  /** Workspace folders read, by URI, with their watchers (disposed when the folder goes). */
  private readonly folders = new Map<string, { readonly folder: vscode.WorkspaceFolder; readonly watchers: vscode.Disposable[] }>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires after the first read and after each read that changed what the templates deploy. */
  readonly onDidChange = this.changed.event;
  private readonly first: RetryingStart;
  private listening = false;
  private readonly capsLogged = new Set<string>();
  /** Each folder's last report, for the synchronous questions (lenses, hovers, the tree's marker). */
  private lastReads = new Map<string, FolderRead>();
  private generation = 0;
  /** The deployed (service, region) keys; undefined until the first read is done. */
  private keys: Set<string> | undefined;
  /** Every target, by file then line: the tree's marker names the first one an event touches. */
  private targets: InfraTarget[] = [];
  /** azd environments' subscription ids, for "add this subscription?". */
  private azdSubscriptions: string[] = [];

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** Each folder's choice of where its templates deploy when the region is decided at deployment (workspace state). */
    private readonly choices: RegionChoices,
    private readonly limits: { readonly maxFiles: number; readonly maxFileBytes: number } = WORKSPACE_LIMITS,
  ) {
    super();
    this.reader = new InfraReader({ log: (line) => log.warn(line) });
    this._register({ dispose: () => this.reader.dispose() });
    this.sync = new TemplateSync(this.reader, { list: (key) => this.findTemplates(key), read: (key, path) => this.readDisk(key, path) }, realSleep, () => void this.refresh());
    this._register({ dispose: () => this.folders.forEach((f) => f.watchers.forEach((w) => w.dispose())) });
    this.first = new RetryingStart(
      () => this.readAll(),
      (error) => this.log.error(`Reading the workspace's templates failed: ${errorText(error)}`),
    );
  }

  /** Starts the first read; resolves when it is done. A read that failed is tried again on the next call. */
  start(): Promise<void> {
    return this.first.start();
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
    return this.first.isStarted;
  }

  /**
   * The targets declared in one file (by its URI), as last read (the buffer while it is open), for
   * its lenses and hovers. A test or example template the workspace does not deploy (walkRules)
   * still gets them when opened, since the user asked about that file; it never counts toward the
   * workspace's section, `workspace:yes`, `@health`, the tools or the Problems view.
   */
  targetsOf(uri: vscode.Uri): InfraTarget[] {
    const at = this.locate(uri);
    const read = at && this.lastReads.get(at.key);
    if (!read || !at) return [];
    const report = read.all && read.undeployed?.includes(at.rel) ? read.all : read.report;
    return report.targets.filter((t) => t.file === at.rel);
  }

  /** The places in one file (by its URI) that could not be checked, as last read. */
  unresolvedOf(uri: vscode.Uri): InfraUnresolved[] {
    const at = this.locate(uri);
    const read = at && this.lastReads.get(at.key);
    return read && at ? read.report.unresolved.filter((u) => u.file === at.rel) : [];
  }

  /** The workspace folder (its URI) a file belongs to, when it is one whose templates are read. */
  folderOf(uri: vscode.Uri): string | undefined {
    return this.locate(uri)?.key;
  }

  /** The folder's choice of region for lines decided at deployment (by the folder's URI). */
  regionChoice(folder: string): RegionChoice | undefined {
    return this.choices.get(folder);
  }

  /**
   * Keeps the folder's choice (undefined clears it) and evaluates its templates again with it: the
   * lenses, hovers, diagnostics, the tree's section, `workspace:yes`, `@health` and the language-model
   * tool all read the reports this makes.
   */
  async setRegionChoice(folder: string, choice: RegionChoice | undefined): Promise<void> {
    await this.choices.set(folder, choice);
    if (!this.folders.has(folder)) return;
    await this.reader.setRegions(folder, regionsOf(choice));
    await this.refresh();
  }

  /** Every file with targets or places that could not be checked, and both. */
  allTargets(): { uri: vscode.Uri; targets: InfraTarget[]; unresolved: InfraUnresolved[] }[] {
    const out: { uri: vscode.Uri; targets: InfraTarget[]; unresolved: InfraUnresolved[] }[] = [];
    for (const [key, read] of this.lastReads) {
      const folder = this.folders.get(key)?.folder;
      if (!folder) continue;
      const byFile = new Map<string, { targets: InfraTarget[]; unresolved: InfraUnresolved[] }>();
      const of = (file: string): { targets: InfraTarget[]; unresolved: InfraUnresolved[] } => {
        let entry = byFile.get(file);
        if (!entry) {
          entry = { targets: [], unresolved: [] };
          byFile.set(file, entry);
        }
        return entry;
      };
      // Pushed, never copied per target (review L7).
      for (const t of read.report.targets) of(t.file).targets.push(t);
      for (const u of read.report.unresolved) of(u.file).unresolved.push(u);
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
    await this.sync.settled();
    const out: { folder: vscode.WorkspaceFolder; report: InfraReport; paths: string[] }[] = [];
    for (const [key, { folder }] of this.folders) {
      const { report, paths } = await this.sync.report(key);
      out.push({ folder, report, paths: [...paths] });
    }
    return out;
  }

  /**
   * Before an answer (chat, agent tools): files the watcher did not report (a network or WSL drive,
   * a burst of changes it dropped) are read, and files gone are forgotten. Files held are not re-read.
   */
  catchUp(): Promise<void> {
    return this.sync.catchUp();
  }

  private async readAll(): Promise<void> {
    this.listen();
    for (const folder of vscode.workspace.workspaceFolders ?? []) await this.addFolder(folder);
    // Templates open with unsaved edits count as typed.
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) this.onTyped(document);
    await this.refresh();
    this.log.info(`Read the workspace's templates: ${this.targets.length} deployment targets, ${this.azdSubscriptions.length} azd subscriptions.`);
  }

  /** Folders added and removed, and open templates as typed. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const folder of e.removed) this.removeFolder(folder);
        for (const folder of e.added) void this.addFolder(folder).catch((error: unknown) => this.log.error(`Reading the templates of ${folder.name} failed: ${errorText(error)}`));
      }),
    );
    this._register(vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && this.onTyped(e.document)));
    // Which templates deploy (include/exclude): every folder's report is resolved again, nothing re-read.
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(TEMPLATE_INCLUDE_SETTING) && !e.affectsConfiguration(TEMPLATE_EXCLUDE_SETTING)) return;
        for (const [key, { folder }] of this.folders) this.reader.setGlobs(key, readTemplateGlobs(folder.uri));
        void this.refresh();
      }),
    );
    // A template opened is read even when the watcher missed its creation (seen in the UI runs; network
    // and WSL drives do the same); one held already and unchanged costs a read and no redraw.
    this._register(
      vscode.workspace.onDidOpenTextDocument((document) => {
        const at = this.locate(document.uri);
        if (at && !document.isDirty) void this.sync.diskChanged(at.key, at.rel);
      }),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const at = this.locate(document.uri);
        if (at) void this.sync.bufferClosed(at.key, at.rel);
      }),
    );
  }

  private onTyped(document: vscode.TextDocument): void {
    const at = this.locate(document.uri);
    if (at) void this.sync.bufferChanged(at.key, at.rel, document.getText());
  }

  private async addFolder(folder: vscode.WorkspaceFolder): Promise<void> {
    const key = folder.uri.toString();
    if (this.folders.has(key)) return;
    this.folders.set(key, { folder, watchers: this.watch(folder, key) });
    this.reader.setGlobs(key, readTemplateGlobs(folder.uri));
    try {
      // The folder's region choice counts from its first report.
      const regions = regionsOf(this.choices.get(key));
      if (regions) await this.reader.setRegions(key, regions);
      await this.sync.addFolder(key);
    } catch (error) {
      this.removeFolder(folder);
      throw error;
    }
  }

  private removeFolder(folder: vscode.WorkspaceFolder): void {
    const key = folder.uri.toString();
    const entry = this.folders.get(key);
    if (!entry) return;
    entry.watchers.forEach((w) => w.dispose());
    this.folders.delete(key);
    this.lastReads.delete(key);
    this.sync.removeFolder(key);
  }

  /** The folder's template files as `findFiles` sees them (search.exclude honoured), capped with a log line. */
  private async findTemplates(key: string): Promise<{ paths: string[]; capped: boolean }> {
    const folder = this.folders.get(key)?.folder;
    if (!folder) return { paths: [], capped: false };
    const exclude = excludeGlob(searchExclude());
    // One more than the cap tells that the cap was hit.
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, INFRA_GLOB), exclude, this.limits.maxFiles + 1);
    const capped = uris.length > this.limits.maxFiles;
    if (capped) {
      this.logCap('files', `Service Health read only the first ${this.limits.maxFiles} template files of ${folder.name}; the others are left out.`);
    }
    const paths = uris.slice(0, this.limits.maxFiles).flatMap((uri) => relativeTo(folder, uri) ?? []);
    return { paths, capped };
  }

  private async readDisk(key: string, rel: string): Promise<{ text: string } | { skip: string } | undefined> {
    const folder = this.folders.get(key)?.folder;
    if (!folder) return undefined;
    const uri = vscode.Uri.joinPath(folder.uri, ...rel.split('/'));
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > this.limits.maxFileBytes) {
        this.logCap('bytes', `Service Health skipped template files larger than ${this.limits.maxFileBytes} bytes (first: ${rel}).`);
        return { skip: `the file is larger than ${this.limits.maxFileBytes} bytes` };
      }
      return { text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
    } catch (error) {
      // Deleted between finding and reading, or unreadable: forgotten, and why in the log.
      this.log.warn(`Could not read ${rel}: ${errorText(error)}`);
      return undefined;
    }
  }

  private watch(folder: vscode.WorkspaceFolder, key: string): vscode.Disposable[] {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, INFRA_GLOB));
    const reread = (uri: vscode.Uri): void => {
      const rel = relativeTo(folder, uri);
      if (rel !== undefined) void this.sync.diskChanged(key, rel);
    };
    const forget = (uri: vscode.Uri): void => {
      const rel = relativeTo(folder, uri);
      if (rel !== undefined) this.sync.deleted(key, rel);
    };
    // A deleted folder is reported as the folder alone, which the template glob does not match.
    const folders = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'), true, true, false);
    return [watcher, watcher.onDidChange(reread), watcher.onDidCreate(reread), watcher.onDidDelete(forget), folders, folders.onDidDelete(forget)];
  }

  /** Fetches every folder's report from the reader, then redraws (the latest call wins). */
  private async refresh(): Promise<void> {
    const generation = ++this.generation;
    const reports = new Map<string, FolderRead>();
    for (const key of this.sync.folderKeys) reports.set(key, await this.sync.report(key));
    if (generation !== this.generation) return;
    this.lastReads = reports;
    const all = [...reports.values()].map((r) => r.report);
    this.targets = all.flatMap((r) => r.targets).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    this.keys = targetKeys(this.targets);
    this.azdSubscriptions = [...new Set(all.flatMap((r) => r.subscriptions))];
    this.changed.fire();
  }

  /** One log line per cap and session. */
  private logCap(cap: string, line: string): void {
    if (!this.capsLogged.has(cap)) {
      this.capsLogged.add(cap);
      this.log.warn(line);
    }
  }

  private locate(uri: vscode.Uri): { key: string; rel: string } | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const key = folder?.uri.toString();
    const rel = folder && relativeTo(folder, uri);
    return key !== undefined && this.folders.has(key) && rel !== undefined ? { key, rel } : undefined;
  }
}

/** The path of `uri` inside `folder` with forward slashes, or undefined when it is outside. */
function relativeTo(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  const base = folder.uri.path.endsWith('/') ? folder.uri.path : `${folder.uri.path}/`;
  return uri.scheme === folder.uri.scheme && uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}
