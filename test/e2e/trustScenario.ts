import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import type { ScriptStep } from "../helpers/scriptedOpenAiServer.ts";
import { E2E_API_KEY } from "./askScenario.ts";
import type { Checks } from "./checks.ts";
import { showRadar } from "./workspaceScenario.ts";
import {
  answerInputBox,
  patience,
  reportFrame,
  runCommand,
  waitForRadarViews,
  waitForWorkbench,
} from "./workbench.ts";

/**
 * Workspace Trust during a session (issue 15), in a window where trust is on: the folder opens in
 * Restricted Mode, a run's Bash call is refused; the user trusts the folder (Manage Workspace
 * Trust → Trust) and the next run's Bash call runs — same window, same extension host, no reload;
 * the user takes the trust back (VS Code restarts the extension host for that) and Bash is off
 * again.
 */
export const TRUST_QUESTION = "How many years does the rainfall file cover (look at it first)?";

/** One run: a look at the raw file with Bash, a scan and a count, then the answer. */
function trustRun(): ScriptStep[] {
  return [
    {
      content: "A look at the raw file, then a count.",
      toolCalls: [
        { name: "Bash", arguments: { command: "head -n 3 climate/rainfall.csv" } },
        { name: "Scan", arguments: { file: "climate/rainfall.csv", output: "rain" } },
        {
          name: "Query",
          arguments: { sql: "SELECT count(*) AS years FROM rain", inputs: ["rain"], output: "years" },
        },
      ],
    },
    { toolCalls: [{ name: "Answer", arguments: { answer: 6, evidence: ["years"] } }] },
  ];
}

/** Three runs: untrusted, trusted, trust taken back. */
export function trustScript(): ScriptStep[] {
  return [...trustRun(), ...trustRun(), ...trustRun()];
}

function activationsLogged(userData: string): number {
  let n = 0;
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full);
      else if (name === "RADAR.log")
        n += (readFileSync(full, "utf8").match(/RADAR activated in/g) ?? []).length;
    }
  };
  walk(join(userData, "logs"));
  return n;
}

async function askAndReadBash(page: Page): Promise<{ status: string; report: FrameLocator }> {
  const report = reportFrame(page);
  // The report may still show the previous run: wait for a run other than that one.
  const previous =
    (await page.locator("iframe.webview").count()) > 0
      ? await report
          .locator("main[data-run]")
          .first()
          .getAttribute("data-run", { timeout: 5000 })
          .catch(() => null)
      : null;
  await runCommand(page, "RADAR: Ask RADAR");
  await answerInputBox(page, "Ask RADAR", TRUST_QUESTION);
  const answered = previous
    ? `main[data-status="answered"]:not([data-run="${previous}"])`
    : 'main[data-status="answered"]';
  await report.locator(answered).waitFor({ timeout: patience(150_000) });
  const bash = report.locator('vscode-collapsible[data-op="Bash"]').first();
  await bash.waitFor({ timeout: patience(30_000) });
  return { status: (await bash.getAttribute("data-status")) ?? "", report };
}

async function manageTrust(page: Page, button: RegExp): Promise<void> {
  await runCommand(page, "Workspaces: Manage Workspace Trust");
  const editor = page.locator(".workspace-trust-editor").first();
  await editor.waitFor({ timeout: patience(30_000) });
  await editor
    .getByRole("button", { name: button })
    .first()
    .click({ timeout: patience(30_000) });
}

/**
 * Takes the trust back as a user does where the folder was trusted through the list of trusted
 * folders (the Trust button puts it there): the trust editor then offers no "Don't Trust" button,
 * the folder's row in "Trusted Folders & Workspaces" is deleted instead.
 */
async function revokeTrust(page: Page, folderName: string): Promise<string> {
  await runCommand(page, "Workspaces: Manage Workspace Trust");
  const editor = page.locator(".workspace-trust-editor").first();
  await editor.waitFor({ timeout: patience(30_000) });
  const dontTrust = editor.getByRole("button", { name: /Don.t Trust/ }).first();
  if (await dontTrust.isVisible().catch(() => false)) {
    await dontTrust.click();
    return "Don't Trust";
  }
  const row = editor.locator(".monaco-list-row").filter({ hasText: folderName }).first();
  await row.scrollIntoViewIfNeeded({ timeout: patience(30_000) });
  await row.hover();
  await row
    .locator('.action-label[aria-label*="Delete"], .action-label[aria-label*="Remove"], .codicon-close')
    .first()
    .click({ timeout: patience(30_000) });
  return "the folder deleted from the trusted folders";
}

export async function trustScenario(
  page: Page,
  url: string,
  userData: string,
  artifacts: string,
  checks: Checks,
): Promise<void> {
  await checks.run(
    "in Restricted Mode a run's Bash call is refused",
    async () => {
      await page.goto(url, { waitUntil: "domcontentloaded", timeout: patience(60_000) });
      await waitForWorkbench(page);
      await showRadar(page);
      await runCommand(page, "RADAR: Set API Key");
      await answerInputBox(page, "Set API Key", E2E_API_KEY);
      const { status, report } = await askAndReadBash(page);
      const diagnostics = await report.locator("#diagnostics").innerText();
      if (status !== "rejected" || !diagnostics.includes("bash-denied"))
        throw new Error(`Bash ${status}; findings: ${diagnostics.slice(0, 200)}`);
      await page.evaluate(
        () => ((window as unknown as { __radarSameWindow: boolean }).__radarSameWindow = true),
      );
      return `Bash ${status} (bash-denied)`;
    },
    true,
  );

  await checks.run("trust granted mid-session: the next run's Bash call runs, without a reload", async () => {
    const before = activationsLogged(userData);
    await manageTrust(page, /^Trust$/);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(artifacts, "trust-granted.png") });
    await page.keyboard.press("Escape");
    const { status } = await askAndReadBash(page);
    const sameWindow = await page.evaluate(
      () => (window as unknown as { __radarSameWindow?: boolean }).__radarSameWindow === true,
    );
    const after = activationsLogged(userData);
    if (status !== "ok") throw new Error(`Bash ${status} after trust was granted`);
    if (!sameWindow) throw new Error("the window was reloaded");
    if (after !== before)
      throw new Error(`RADAR was activated again (${before} → ${after}): the extension host restarted`);
    return `Bash ${status}; same window, same extension host (${after} activation)`;
  });

  await checks.run("trust taken back: Bash is off again", async () => {
    const activations = activationsLogged(userData);
    const how = await revokeTrust(page, basename(new URL(url).searchParams.get("folder") ?? ""));
    // VS Code restarts the extension host when trust is taken back (a remote window reloads):
    // wait until the page is a new one or RADAR has been activated again.
    const deadline = Date.now() + patience(60_000);
    while (Date.now() < deadline) {
      const sameWindow = await page
        .evaluate(() => (window as unknown as { __radarSameWindow?: boolean }).__radarSameWindow === true)
        .catch(() => true);
      if (!sameWindow || activationsLogged(userData) > activations) break;
      await page.waitForTimeout(250);
    }
    await waitForWorkbench(page);
    await showRadar(page);
    const note = await waitForRadarViews(page, join(artifacts, "trust-stalled.png"));
    await showRadar(page);
    const { status } = await askAndReadBash(page);
    if (status !== "rejected") throw new Error(`Bash ${status} after trust was taken back`);
    return `${how}; Bash ${status}${note}`;
  });
}
