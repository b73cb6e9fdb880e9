/**
 * What serviceHealth_checkWorkspace checks: the templates the extension already read (WorkspaceInfra),
 * every workspace folder or the one the model names. A folder outside the workspace is refused;
 * nothing is read from disk here, so no path can reach past the workspace folders.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type * as vscode from 'vscode';
import type { FolderReport } from '../../core/agent/infraCheck';
import type { InfraReport } from '../../core/infra/types';

/** The workspace's read templates (src/ui/infra/workspaceInfra.ts). */
export interface WorkspaceTemplates {
  folderReports(): Promise<readonly { folder: vscode.WorkspaceFolder; report: InfraReport; paths: readonly string[] }[]>;
}

/** The reports to check and how the answer names them; an unknown folder is one sentence (thrown). */
export async function workspaceParts(templates: WorkspaceTemplates, folder: string | undefined, inputError: (message: string) => Error): Promise<{ parts: FolderReport[]; where: string }> {
  const all = await templates.folderReports();
  if (all.length === 0) return { parts: [], where: 'the workspace (no folder is open)' };
  const several = all.length > 1;
  if (folder === undefined) {
    return { parts: all.map((f) => ({ prefix: several ? f.folder.name : '', report: f.report, paths: f.paths })), where: several ? `the ${all.length} workspace folders` : `the workspace folder ${all[0]?.folder.name ?? ''}` };
  }
  const byName = all.find((f) => f.folder.name.toLowerCase() === folder.trim().toLowerCase());
  if (byName) return { parts: [{ prefix: '', report: byName.report, paths: byName.paths }], where: `the workspace folder ${byName.folder.name}` };
  // `..` is resolved before the comparison; a relative folder is taken from the first workspace folder.
  const wanted = resolve(all[0]?.folder.uri.fsPath ?? '', folder);
  for (const f of all) {
    const rel = relative(f.folder.uri.fsPath, wanted);
    if (f.folder.uri.scheme === 'file' && (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)))) {
      const under = rel.split(sep).join('/');
      return { parts: [{ prefix: '', report: f.report, paths: f.paths, under }], where: under ? `${f.folder.name}/${under}` : `the workspace folder ${f.folder.name}` };
    }
  }
  const names = all.slice(0, 3).map((f) => f.folder.name).join(', ');
  throw inputError(`Invalid folder: ${folder.slice(0, 200)} is not inside a workspace folder (${names}${all.length > 3 ? ', …' : ''}); pass a workspace folder's name or a folder inside one, or omit folder.`);
}
