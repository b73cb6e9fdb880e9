/** The icon of a resource health state (see stateIconOf), for the Resources view and impacted-resource rows. */
import * as vscode from 'vscode';
import { stateIconOf } from '../../core/health/order';

export function stateIcon(state: string): vscode.ThemeIcon {
  const { icon, color } = stateIconOf(state);
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}
