/**
 * Service Health in the templates: a hover and a CodeLens on each line whose service and region an
 * event touches (core/infra/match.ts), an information diagnostic there and on each place not
 * checked (setting `serviceHealth.infrastructure.diagnostics`), computed once per change. Starts the read
 * lazily: when the events first load or a template editor shows, never inside activate.
 */
import * as vscode from 'vscode';
import { DIAGNOSTICS_SETTING, templateDiagnostics } from '../config/settings';
import type { StoredEvent } from '../../core/events/eventFacts';
import type { StatusesByName } from '../../core/health/templateHealth';
import { Command } from '../base/commandIds';
import { Disposable } from '../base/disposable';
import type { IncidentIndex } from '../../core/infra/match';
import { atDeploymentLines, type AtDeploymentLine, type RegionChoice } from '../../core/infra/regionChoice';
import type { InfraUnresolved } from '../../core/infra/types';
import { Slicer } from '../../core/text/slices';
import { lineNotes, noteHeadline, noteIncidents, templateNotes, type CountWords, type LineEvent, type LineNote } from './lineNotes';
import { commandUri, escapeMarkdown } from '../../core/text/markdown';
import { templateHealthMarkdown, type HealthWords } from './templateHealthHover';
import { startsRead } from './templateSync';
import type { WorkspaceInfra } from './workspaceInfra';

export interface InfraEditorDeps {
  readonly infra: WorkspaceInfra;
  /** The events loaded so far. */
  readonly events: () => readonly StoredEvent[];
  readonly hasLoaded: () => boolean;
  readonly onEventsChange: vscode.Event<void>;
  /** A hover named an event (completes the walkthrough's templates step). */
  readonly onHoverShown?: () => void;
  /** The statuses the Resources view holds, by resource name (undefined until it listed health): resource names link to their health. */
  readonly statusesByName?: () => StatusesByName | undefined;
}

const SELECTOR: vscode.DocumentSelector = ['bicep', 'bicepparam', 'tf', 'tfvars', 'json'].map((ext) => ({ pattern: `**/*.${ext}` }));

const WORDS: CountWords = {
  issues: (n) => (n === 1 ? vscode.l10n.t('1 active service issue') : vscode.l10n.t('{0} active service issues', n)),
  maintenance: (n) => (n === 1 ? vscode.l10n.t('1 planned maintenance') : vscode.l10n.t('{0} planned maintenance events', n)),
};

const healthWords = (): HealthWords => ({
  since: (state, when) => vscode.l10n.t('{0} since {1}', state, when),
  showDetails: vscode.l10n.t('Show Health Details'),
  noGroup: vscode.l10n.t('(no resource group)'),
  more: (n) => (n === 1 ? vscode.l10n.t('and 1 more') : vscode.l10n.t('and {0} more', n)),
  several: (name, n) => vscode.l10n.t('{0} is in {1} resource groups or subscriptions:', name, n),
});

export class InfraEditor extends Disposable implements vscode.HoverProvider, vscode.CodeLensProvider {
  private readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection('serviceHealth'));
  private readonly lensesChanged = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  /** The incidents that can touch a line, once per change (review H5), and each file's notes once asked. */
  private incidents: IncidentIndex<StoredEvent> | undefined;
  private readonly notesByUri = new Map<string, LineNote[]>();
  /** Counts changes: an update superseded by a newer one stops at its next slice. */
  private generation = 0;

  constructor(private readonly deps: InfraEditorDeps) {
    super();
    this._register(vscode.languages.registerHoverProvider(SELECTOR, this));
    this._register(vscode.languages.registerCodeLensProvider(SELECTOR, this));
    this._register(deps.infra.onDidChange(() => void this.update()));
    this._register(
      deps.onEventsChange(() => {
        if (deps.hasLoaded()) {
          void deps.infra.start();
        }
        void this.update();
      }),
    );
    this._register(vscode.window.onDidChangeVisibleTextEditors((editors) => this.startForEditors(editors)));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(DIAGNOSTICS_SETTING) && void this.update()));
  }

  /** Starts the read when a template is already showing (called after activation, not inside it). */
  startForEditors(editors: readonly vscode.TextEditor[] = vscode.window.visibleTextEditors): void {
    // JSON only when it holds an ARM template: package.json or settings.json never start it.
    if (editors.some((e) => startsRead(e.document.uri.path, e.document.getText()))) {
      void this.deps.infra.start();
    }
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = position.line + 1;
    const notes = this.notesOf(document).filter((n) => n.line === line);
    const health = this.healthOf(document.uri, line);
    const region = this.regionLinesOf(document).find((r) => r.line === line);
    if (notes.length === 0 && !health && !region) {
      return undefined;
    }
    const md = new vscode.MarkdownString();
    // Only our open-details, resource-health and region commands may run from the hover; titles are escaped text.
    md.isTrusted = { enabledCommands: [Command.openDetails, Command.showResourceHealth, Command.chooseDeploymentRegion] };
    if (region) {
      md.appendMarkdown(`${this.regionHover(document.uri, region)}

`);
    }
    if (notes.length > 0) {
      this.deps.onHoverShown?.();
    }
    for (const note of notes) {
      md.appendMarkdown(`**${escapeMarkdown(noteHeadline(note, WORDS))}**\n\n`);
      for (const event of note.events) {
        md.appendMarkdown(`- [${escapeMarkdown(event.title)}](${openLink(event)})\n`);
      }
      md.appendMarkdown('\n');
    }
    if (health) {
      md.appendMarkdown(`${health}\n`);
    }
    return new vscode.Hover(md, document.lineAt(position.line).range);
  }

  /** The health of the resources named on this line (its location or name line), when the Resources view listed any. */
  private healthOf(uri: vscode.Uri, line: number): string | undefined {
    const statuses = this.deps.statusesByName?.();
    if (!statuses || !this.deps.infra.isStarted) {
      return undefined;
    }
    const targets = this.deps.infra.targetsOf(uri).filter((t) => t.line === line || t.nameLine === line);
    return templateHealthMarkdown(targets, statuses, Date.now(), healthWords());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const folder = this.deps.infra.folderOf(document.uri);
    const regions = this.regionLinesOf(document).map((r) => {
      const range = new vscode.Range(r.line - 1, 0, r.line - 1, 0);
      const choice = r.chosen && folder ? this.deps.infra.regionChoice(folder) : undefined;
      const title = choice ? vscode.l10n.t('Region: {0} · change…', choiceText(choice)) : vscode.l10n.t('Region decided at deployment — choose resource group…');
      return new vscode.CodeLens(range, { title, command: Command.chooseDeploymentRegion, arguments: [folder] });
    });
    const events = this.notesOf(document).flatMap((note) => {
      const range = new vscode.Range(note.line - 1, 0, note.line - 1, 0);
      const [first, ...others] = note.events;
      if (!first) {
        return [];
      }
      return [
        new vscode.CodeLens(range, { title: vscode.l10n.t('{0} — open', noteHeadline(note, WORDS)), command: Command.openDetails, arguments: [refOf(first)] }),
        ...others.map((e) => new vscode.CodeLens(range, { title: e.title, command: Command.openDetails, arguments: [refOf(e)] })),
      ];
    });
    return [...regions, ...events];
  }

  /** The file's lines whose region is decided at deployment (chosen for the folder, or still open). */
  private regionLinesOf(document: vscode.TextDocument): AtDeploymentLine[] {
    if (!this.deps.infra.isStarted) return [];
    return atDeploymentLines(this.deps.infra.targetsOf(document.uri), this.deps.infra.unresolvedOf(document.uri));
  }

  private regionHover(uri: vscode.Uri, region: AtDeploymentLine): string {
    const folder = this.deps.infra.folderOf(uri);
    const choice = region.chosen && folder ? this.deps.infra.regionChoice(folder) : undefined;
    const link = commandUri(Command.chooseDeploymentRegion, [folder]);
    return choice
      ? escapeMarkdown(vscode.l10n.t('Region decided at deployment: {0}, chosen for this workspace folder.', choiceText(choice))) + ` [${escapeMarkdown(vscode.l10n.t('Change…'))}](${link})`
      : escapeMarkdown(vscode.l10n.t('Region decided at deployment: choose the resource group this template deploys to, so its events are checked.')) + ` [${escapeMarkdown(vscode.l10n.t('Choose Resource Group…'))}](${link})`;
  }

  private notesOf(document: vscode.TextDocument): LineNote[] {
    if (!this.deps.infra.isStarted) {
      // Shown JSON that is no template (package.json, settings.json) must not start reading the workspace (M7).
      if (startsRead(document.uri.path, document.getText())) void this.deps.infra.start();
      return [];
    }
    const key = document.uri.toString();
    let notes = this.notesByUri.get(key);
    if (!notes) {
      this.incidents ??= noteIncidents(this.deps.events());
      notes = lineNotes(this.deps.infra.targetsOf(document.uri), this.incidents);
      this.notesByUri.set(key, notes);
    }
    return notes;
  }

  /**
   * Once per change of the events, the templates or the setting: the notes of every file, computed
   * in slices that yield (lineNotes.ts templateNotes); the previous notes stay until the new ones
   * are ready, and a newer change supersedes an older one.
   */
  private async update(): Promise<void> {
    const generation = ++this.generation;
    if (!this.deps.infra.isStarted) {
      this.incidents = undefined;
      this.notesByUri.clear();
      this.diagnostics.clear();
      this.lensesChanged.fire();
      return;
    }
    const built = await templateNotes(this.deps.events(), this.deps.infra.allTargets(), new Slicer({ superseded: () => generation !== this.generation }));
    if (!built || generation !== this.generation) {
      return;
    }
    this.incidents = built.incidents;
    this.notesByUri.clear();
    this.diagnostics.clear();
    const diagnose = templateDiagnostics();
    for (const { file, notes } of built.files) {
      this.notesByUri.set(file.uri.toString(), notes);
      const diagnostics = diagnose ? [...notes.map(diagnosticOf), ...file.unresolved.map(uncheckedOf)] : [];
      if (diagnostics.length > 0) {
        this.diagnostics.set(file.uri, diagnostics);
      }
    }
    this.lensesChanged.fire();
  }
}

/**
 * A place the reader could not check, in the Problems view where `@health` and the gate say it is.
 * Information, not Hint: VS Code leaves Hint diagnostics out of the Problems view.
 */
function uncheckedOf(u: InfraUnresolved): vscode.Diagnostic {
  const line = Math.max(0, u.line - 1);
  const d = new vscode.Diagnostic(
    new vscode.Range(line, Math.max(0, u.column - 1), line, Number.MAX_SAFE_INTEGER),
    vscode.l10n.t('Not checked against Service Health: {0}', u.reason),
    vscode.DiagnosticSeverity.Information,
  );
  d.source = 'Service Health';
  return d;
}

function diagnosticOf(note: LineNote): vscode.Diagnostic {
  const titles = note.events.map((e) => e.title).join('; ');
  const d = new vscode.Diagnostic(
    new vscode.Range(note.line - 1, Math.max(0, note.column - 1), note.line - 1, Number.MAX_SAFE_INTEGER),
    `${noteHeadline(note, WORDS)} (${titles})`,
    vscode.DiagnosticSeverity.Information,
  );
  d.source = 'Service Health';
  return d;
}

/** "West Europe from rg-app", or "West Europe (typed)". */
export function choiceText(choice: RegionChoice): string {
  return choice.group ? vscode.l10n.t('{0} from {1}', choice.region, choice.group.name) : vscode.l10n.t('{0} (typed)', choice.region);
}

function refOf(event: LineEvent): { subscriptionId: string; trackingId: string } {
  return { subscriptionId: event.subscriptionId, trackingId: event.trackingId };
}

function openLink(event: LineEvent): string {
  return commandUri(Command.openDetails, [refOf(event)]);
}
