import type { ReportState, WebviewToHost } from "../src/shared/reportProtocol.ts";

/** The part of the webview API the report uses: typed with the shared protocol. */
export interface ReportApi {
  postMessage(message: WebviewToHost): void;
  getState(): ReportState | undefined;
  setState(state: ReportState): void;
}

declare function acquireVsCodeApi(): ReportApi;

let api: ReportApi | undefined;

/** `acquireVsCodeApi` may be called once per page. */
export function vscodeApi(): ReportApi {
  api ??= acquireVsCodeApi();
  return api;
}
