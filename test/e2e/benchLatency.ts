import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../helpers/tempLake.ts";
import { isolatedRun, missingPrerequisites, startCodeServer } from "./codeServer.ts";
import { describeLatency, installLatencyProbe, latencyStats, takeLatency } from "./inputLatency.ts";
import { largeFolder, waterLake } from "./waterWorkspace.ts";
import { openBrowser, runCommand, waitForWorkbench } from "./workbench.ts";
import { showRadar, sourcesMessage, waitForSourcesComplete } from "./workspaceScenario.ts";

/**
 * `npm run bench:latency`: input latency in an editor of code-server while RADAR maps a ~290 MB
 * folder (three copies of the generated water lake), against the same window before RADAR's view
 * is shown (nothing mapping) and after the map is complete. The extension is loaded from this
 * checkout (run `npm run build` first). On a shared machine, read "during" against "before".
 */
const LINE = "the quick brown fox jumps over the lazy dog ";

async function typeRound(page: Page): Promise<void> {
  await page.keyboard.type(LINE, { delay: 60 });
  await page.keyboard.press("Enter");
}

async function main(): Promise<void> {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`needs: ${missing.join("; ")}`);
  const lake = await waterLake();
  const dirs = isolatedRun({ "workbench.activityBar.location": "default" });
  const large = largeFolder(lake, join(dirs.root, "large-folder"), 3);
  const server = await startCodeServer(dirs);
  const browser = await openBrowser(dirs.root);
  try {
    const page = browser.page;
    const payload = [["extensionDevelopmentPath", `vscode-remote://${server.authority}${repoRoot}`]];
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(large.dir)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
      { waitUntil: "domcontentloaded", timeout: 180_000 },
    );
    await waitForWorkbench(page);
    // Let the window finish starting up before the first measure.
    await page.waitForTimeout(30_000);
    await runCommand(page, "File: New Untitled Text File");
    const editor = page.locator(".editor-group-container.active .monaco-editor").first();
    await editor.waitFor({ timeout: 30_000 });
    await installLatencyProbe(page);
    for (let i = 0; i < 3; i++) await typeRound(page);
    const before = latencyStats(await takeLatency(page));
    console.log(`before (RADAR's view hidden, nothing mapping): ${describeLatency(before)}`);

    // Paired rounds: typing while mapping, then with the mapping stopped (RADAR: Stop Mapping; what
    // was mapped stays cached), then mapping again (Refresh) — neighbouring rounds meet about the
    // same load from the rest of the machine.
    const opened = Date.now();
    await showRadar(page);
    const waitFor = async (pattern: RegExp, ms = 180_000): Promise<boolean> => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (pattern.test(await sourcesMessage(page))) return true;
        await page.waitForTimeout(200);
      }
      return false;
    };
    await waitFor(/^Mapping \d+ of/);
    const during: number[] = [];
    const paused: number[] = [];
    for (let pair = 0; pair < 6 && /^Mapping/.test(await sourcesMessage(page)); pair++) {
      await editor.click();
      await takeLatency(page);
      await typeRound(page);
      const samples = await takeLatency(page);
      if (!/^Mapping/.test(await sourcesMessage(page))) break;
      during.push(...samples);
      await runCommand(page, "RADAR: Stop Mapping");
      if (!(await waitFor(/^Mapping stopped/, 60_000))) break;
      await editor.click();
      await takeLatency(page);
      await typeRound(page);
      paused.push(...(await takeLatency(page)));
      await runCommand(page, "RADAR: Refresh Sources");
      if (!(await waitFor(/^Mapping \d+ of/, 120_000))) break;
    }
    console.log(`while mapping:  ${describeLatency(latencyStats(during))}`);
    console.log(`mapping paused: ${describeLatency(latencyStats(paused))} (the neighbouring rounds)`);
    await waitForSourcesComplete(page);
    console.log(
      `${(large.bytes / 1e6).toFixed(0)} MB mapped ${((Date.now() - opened) / 1000).toFixed(0)} s after the view was shown (with the pauses)`,
    );
    await editor.click();
    await takeLatency(page);
    for (let i = 0; i < 3; i++) await typeRound(page);
    console.log(`after: ${describeLatency(latencyStats(await takeLatency(page)))}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
