import "@vscode-elements/elements/dist/vscode-badge/index.js";
import "@vscode-elements/elements/dist/vscode-button/index.js";
import "@vscode-elements/elements/dist/vscode-collapsible/index.js";
import "@vscode-elements/elements/dist/vscode-icon/index.js";
import type { HostToWebview, ReportState } from "../src/shared/reportProtocol.ts";
import { isReportState } from "../src/shared/reportProtocol.ts";
import { ReportView, focusCall } from "./renderReport.ts";
import type { ReportActions } from "./renderReport.ts";
import { vscodeApi } from "./vscodeApi.ts";

/**
 * The report webview. It renders whatever state the host sends and keeps it with `setState`, so
 * a hidden panel, and a window reload (through the panel serializer), come back as they were.
 */
const api = vscodeApi();
const root = document.getElementById("root")!;

const actions: ReportActions = {
  openSource: (location) => api.postMessage({ type: "openSource", location }),
  openTrace: () => api.postMessage({ type: "openTrace" }),
  exportSql: () => api.postMessage({ type: "exportSql" }),
  ask: () => api.postMessage({ type: "ask" }),
};

const view = new ReportView(root, actions);

function show(state: ReportState): void {
  api.setState(state);
  view.render(state);
  if (state.focusKey) focusCall(state.focusKey);
}

window.addEventListener("message", (event: MessageEvent<HostToWebview>) => {
  const message = event.data;
  if (message?.type === "show" && isReportState(message.state)) show(message.state);
  else if (message?.type === "focus" && typeof message.key === "string") {
    const current = api.getState();
    if (current) api.setState({ ...current, focusKey: message.key });
    focusCall(message.key);
  }
});

const saved = api.getState();
show(isReportState(saved) ? saved : { version: 1 });
api.postMessage({ type: "ready" });
