import * as vscode from "vscode";
import type { ReportLocation } from "../../shared/reportProtocol.ts";
import { isTextFormat, lakeFile } from "./lakePaths.ts";

export interface OpenOptions {
  /** Open next to the active editor group (the report), not over it. */
  beside?: boolean;
  preserveFocus?: boolean;
}

/** Opens a lake file at a 1-based line, selecting that line: "jump to the source row". */
export async function openSource(
  lakeRoot: string,
  location: ReportLocation,
  options: OpenOptions = {},
): Promise<vscode.TextEditor | undefined> {
  const path = lakeFile(lakeRoot, location.file);
  if (!path) {
    void vscode.window.showWarningMessage(`RADAR: ${location.file} is not a file of the lake.`);
    return undefined;
  }
  const uri = vscode.Uri.file(path);
  const viewColumn = options.beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
  if (!isTextFormat(location.file)) {
    await vscode.commands.executeCommand("vscode.open", uri, { viewColumn, preview: true });
    void vscode.window.showInformationMessage(
      `RADAR: the row is ${location.sheet ? `sheet "${location.sheet}", ` : ""}row ${location.line} of ${location.file}.`,
    );
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const line = Math.min(Math.max(0, location.line - 1), Math.max(0, document.lineCount - 1));
  const range = document.lineAt(line).range;
  const editor = await vscode.window.showTextDocument(document, {
    viewColumn,
    preview: true,
    preserveFocus: options.preserveFocus ?? false,
    selection: new vscode.Range(range.start, range.start),
  });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
