/**
 * The marker of an event row that touches what the workspace deploys: a file-decoration badge (as
 * the Explorer and Source Control mark files), kept at the row's right end when a narrow side bar
 * cuts the label. Rows carry a resourceUri of this scheme naming the template line.
 */
import * as vscode from 'vscode';
import type { InfraTarget } from '../../core/infra/types';
import { placeText } from '../infra/workspaceSection';

const SCHEME = 'service-health-workspace';

/** The row's resourceUri: the template place in its path, so the badge's tooltip can name it. */
export function workspaceMarkUri(place: InfraTarget): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEME, path: `/${placeText(place)}` });
}

/** "Touches what this workspace deploys: infra/main.bicep:12". */
export function touchesWords(placeText: string): string {
  return vscode.l10n.t('Touches what this workspace deploys: {0}', placeText);
}

export class WorkspaceMarkDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== SCHEME) {
      return undefined;
    }
    // One letter, as Source Control's M and U; translators pick theirs.
    const badge = vscode.l10n.t({ message: 'W', comment: ['Badge (1 or 2 characters) on an event row touching what this workspace deploys'] });
    return new vscode.FileDecoration(badge, touchesWords(uri.path.slice(1)));
  }
}
