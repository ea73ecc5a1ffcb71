import { appendFileSync } from "node:fs";
import { format } from "node:util";
import type { Page } from "playwright-core";

/**
 * Runs the mocha suite inside code-server's real extension host, the way @vscode/test-web does:
 * the page's `payload` names the extension under development and the tests' entry point, and the
 * workbench reports the exit code through `window.codeAutomationExit`.
 */
export async function runExtHostSuite(
  page: Page,
  base: string,
  workspace: string,
  extensionPath: string,
  testsEntry: string,
  logFile: string,
  timeoutMs = 900_000,
): Promise<number | "timeout"> {
  const authority = new URL(base).host;
  const remote = (path: string): string => `vscode-remote://${authority}${path}`;
  const payload = [
    ["extensionDevelopmentPath", remote(extensionPath)],
    ["extensionTestsPath", remote(testsEntry)],
  ];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  // Everything the extension host prints goes to the log file; the console gets mocha's lines.
  await page.exposeFunction("codeAutomationLog", (type: string, args: unknown[]) => {
    const text = format(...(args ?? []));
    appendFileSync(logFile, `[${type}] ${text}\n`);
    if (/✔|passing|failing|pending|^\s+\d+\) |activation:/.test(text)) console.log(`    ${text.trimEnd()}`);
  });
  await page.exposeFunction("codeAutomationExit", (code: number) => exited(code));
  await page.goto(
    `${base}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">(
    (resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)),
  );
  const code = await Promise.race([exit, timeout]);
  clearTimeout(timer);
  return code;
}
