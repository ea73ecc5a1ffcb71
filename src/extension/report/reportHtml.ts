import { randomBytes } from "node:crypto";

export interface ReportPage {
  /** `webview.cspSource`: the origin the webview serves local resources from. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  codiconUri: string;
}

/** A fresh nonce per page load: only the report's own script runs. */
export function makeNonce(): string {
  return randomBytes(18).toString("base64");
}

/**
 * The report's page shell. The Content-Security-Policy allows nothing by default: one script
 * (by nonce), stylesheets and fonts from the extension's own folders, images inline. The report
 * content itself is rendered by the script from the state, never written into this HTML.
 */
export function reportHtml(page: ReportPage): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${page.nonce}'`,
    `style-src ${page.cspSource}`,
    `font-src ${page.cspSource}`,
    `img-src ${page.cspSource} data:`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(page.codiconUri)}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${attr(page.styleUri)}">
<title>RADAR report</title>
</head>
<body>
<div id="root"></div>
<script nonce="${attr(page.nonce)}" src="${attr(page.scriptUri)}"></script>
</body>
</html>`;
}

function attr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
