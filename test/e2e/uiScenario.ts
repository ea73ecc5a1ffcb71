import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { E2E_API_KEY, E2E_QUESTION } from "./askScenario.ts";
import type { Checks } from "./checks.ts";
import {
  answerInputBox,
  patience,
  reportFrame,
  runCommand,
  waitForEditor,
  waitForRadarViews,
  waitForWorkbench,
} from "./workbench.ts";

/**
 * "Ask RADAR" as a user does it, in the real workbench: set the key, ask from the command palette,
 * then read the Trace tree, the Problems panel and the report, and follow their links to the
 * source rows. Screenshots go to `artifacts`.
 */
export async function askThroughTheUi(
  page: Page,
  url: string,
  artifacts: string,
  checks: Checks,
): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  const shot = (name: string): Promise<Buffer> => page.screenshot({ path: join(artifacts, name) });
  page.on("console", (m) => {
    if (m.type() === "error" && /radar|webview|Content Security/i.test(m.text()))
      console.log(`    [browser] ${m.text().slice(0, 300)}`);
  });

  await checks.run(
    "the workbench opens the fixture lake",
    async () => {
      await page.goto(url, { waitUntil: "domcontentloaded", timeout: patience(60_000) });
      await waitForWorkbench(page);
      await page.waitForTimeout(1500);
    },
    true,
  );

  await checks.run(
    "RADAR's activity bar container shows the Trace and Sources views",
    async () => {
      await page.locator('.activitybar [aria-label^="RADAR"]').first().click();
      await page
        .locator('.pane-header[aria-label*="Trace"]')
        .first()
        .waitFor({ timeout: patience(20_000) });
      await page
        .locator('.pane-header[aria-label*="Sources"]')
        .first()
        .waitFor({ timeout: patience(20_000) });
      // Before a model is set up, the Trace view's welcome content says what to do.
      const welcome = page.locator(".welcome-view-content").first();
      await welcome.waitFor({ timeout: patience(20_000) });
      return (await welcome.innerText()).replace(/\s+/g, " ").slice(0, 80);
    },
    true,
  );

  await checks.run(
    "“RADAR: Set API Key” stores the key through a password box",
    async () => {
      await runCommand(page, "RADAR: Set API Key");
      const widget = page.locator(".quick-input-widget");
      await widget.locator(".quick-input-title", { hasText: "Set API Key" }).waitFor();
      const type = await widget.locator("input.input").first().getAttribute("type");
      await answerInputBox(page, "Set API Key", E2E_API_KEY);
      // A headless window raises no toasts: the confirmation is read in the notification centre.
      const bell = page.locator(".statusbar [aria-label*='otification']").first();
      await bell.click();
      await page
        .locator(".notifications-center")
        .getByText("API key stored")
        .first()
        .waitFor({ timeout: patience(15_000) });
      await bell.click();
      if (type !== "password") throw new Error(`the key box is of type ${type}`);
    },
    true,
  );

  const started = Date.now();
  await checks.run(
    "“Ask RADAR” from the command palette runs with a progress notification and opens the report",
    async () => {
      await runCommand(page, "RADAR: Ask RADAR");
      await answerInputBox(page, "Ask RADAR", E2E_QUESTION);
      const report = reportFrame(page);
      await report.locator("#answer-text").waitFor({ timeout: patience(90_000) });
      await report.locator('main[data-status="answered"]').waitFor({ timeout: patience(90_000) });
      return `answered in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
    true,
  );

  await checks.run("the Trace tree shows the rejected unkeyed merge and the revised call", async () => {
    // The palette, not the activity bar: clicking the active container's icon would hide it.
    await runCommand(page, "RADAR: Focus on Trace View");
    const trace = page.locator('.pane:has(.pane-header[aria-label*="Trace"]) .monaco-list-row');
    await trace.first().waitFor({ timeout: patience(10_000) });
    const rejected = trace.filter({ hasText: "Query → merged" });
    await rejected.first().waitFor({ timeout: patience(10_000) });
    const rejectedLabel = (await rejected.first().getAttribute("aria-label")) ?? "";
    if (!/rejected/.test(rejectedLabel) || !/unkeyed-join/.test(rejectedLabel))
      throw new Error(`the unkeyed merge reads "${rejectedLabel}"`);
    const revised = trace.filter({ hasText: "Query → by_rank" });
    await revised.first().waitFor({ timeout: patience(10_000) });
    const revisedLabel = (await revised.first().getAttribute("aria-label")) ?? "";
    if (!/\bok\b/.test(revisedLabel)) throw new Error(`the revised call reads "${revisedLabel}"`);
    const warned =
      (await trace.filter({ hasText: "Query → rain_vs_yield" }).first().getAttribute("aria-label")) ?? "";
    if (!/warning/.test(warned) || !/join-row-loss/.test(warned))
      throw new Error(`the climate join reads "${warned}"`);
    // Widen the side bar (drag its edge) so the screenshot shows the descriptions.
    const sidebar = page.locator(".part.sidebar").first();
    const box = await sidebar.boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width + 420, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    }
    await sidebar.screenshot({ path: join(artifacts, "trace-view.png") });
    return `${rejectedLabel.slice(0, 70)}… / ${revisedLabel.slice(0, 50)}…`;
  });

  await checks.run("the report shows the answer and its evidence chain", async () => {
    const report = reportFrame(page);
    const answer = await report.locator("#answer-text").innerText();
    if (!/Florida/.test(answer) || !/1522/.test(answer)) throw new Error(`the answer reads "${answer}"`);
    const chain = await report.locator("#evidence").innerText();
    for (const needed of [
      "by_rank",
      "fraud",
      "idt",
      "rankings/fraud_top5.csv",
      "rankings/identity_theft_top5.csv",
    ])
      if (!chain.includes(needed))
        throw new Error(`the evidence chain lacks ${needed}: ${chain.slice(0, 300)}`);
    const diagnostics = await report.locator("#diagnostics").innerText();
    if (!diagnostics.includes("unkeyed-join") || !diagnostics.includes("join-row-loss"))
      throw new Error(`the report's diagnostics lack a rule: ${diagnostics.slice(0, 300)}`);
    await shot("report.png");
    return answer;
  });

  await checks.run("clicking a preview row in the report opens its source line", async () => {
    const report = reportFrame(page);
    const row = report.locator('tr[data-file="climate/crop_yield.csv"][data-line="4"]').first();
    await row.scrollIntoViewIfNeeded();
    await shot("report-preview.png");
    await row.click();
    return waitForEditor(page, "crop_yield.csv", 4);
  });

  await checks.run("a join-row-loss diagnostic is in Problems at climate/rainfall.csv line 5", async () => {
    await runCommand(page, "Problems: Focus on Problems View");
    const markers = page.locator(".markers-panel .monaco-list-row");
    await markers.first().waitFor({ timeout: patience(15_000) });
    // The file row groups the markers under it; expand it if needed.
    const entry = markers.filter({ hasText: "join-row-loss" }).filter({ hasText: "2020" }).first();
    await entry.waitFor({ timeout: patience(15_000) });
    const label = (await entry.getAttribute("aria-label")) ?? (await entry.innerText());
    const fileRow = markers.filter({ hasText: "rainfall.csv" }).first();
    if (!(await fileRow.count())) throw new Error("no rainfall.csv group in Problems");
    if (!/\b5\b/.test(label)) throw new Error(`the marker is not at line 5: ${label}`);
    await shot("problems-panel.png");
    return label.replace(/\s+/g, " ").slice(0, 120);
  });

  await checks.run("clicking the diagnostic opens rainfall.csv at line 5", async () => {
    const entry = page
      .locator(".markers-panel .monaco-list-row")
      .filter({ hasText: "join-row-loss" })
      .filter({ hasText: "2020" })
      .first();
    await entry.click();
    await page.keyboard.press("Enter");
    return waitForEditor(page, "rainfall.csv", 5);
  });

  await checks.run("the Sources view lists the lake's files with their coverage", async () => {
    await runCommand(page, "RADAR: Focus on Sources View");
    const sources = page.locator('.pane:has(.pane-header[aria-label*="Sources"]) .monaco-list-row');
    await sources
      .filter({ hasText: "climate/rainfall.csv" })
      .first()
      .waitFor({ timeout: patience(20_000) });
    const label =
      (await sources.filter({ hasText: "climate/rainfall.csv" }).first().getAttribute("aria-label")) ?? "";
    if (!/csv/.test(label) || !/6 rows/.test(label) || !/scanned/.test(label))
      throw new Error(`rainfall.csv reads "${label}"`);
    await shot("sources-view.png");
    return label;
  });

  await checks.run("the report is restored after a window reload (panel serializer)", async () => {
    // Reload as a user does, through "Developer: Reload Window": the workbench then saves its
    // editors (and the webview's state) before the page goes. A bare page.reload() races VS Code's
    // own periodic save of its UI state, which is not what this check is about.
    const reloaded = page.waitForEvent("domcontentloaded", { timeout: patience(60_000) });
    await runCommand(page, "Developer: Reload Window");
    await reloaded;
    await waitForWorkbench(page);
    // On a busy machine the new extension host can take a minute to activate RADAR: wait for its
    // views to have data before waiting for the restored report.
    const note = await waitForRadarViews(page, join(artifacts, "reload-stalled.png"));
    const report = reportFrame(page);
    try {
      await report.locator("#answer-text").waitFor({ timeout: patience(90_000) });
    } catch (error) {
      // Say what the window restored, so a failure can be read without rerunning it.
      await shot("reload-failure.png").catch(() => undefined);
      const tabs = await page
        .locator(".tabs-container .tab")
        .evaluateAll((nodes) =>
          nodes.map(
            (n) =>
              `${n.getAttribute("aria-label") ?? "?"}${n.classList.contains("active") ? " (active)" : ""}`,
          ),
        );
      const frames = await page.locator("iframe.webview").count();
      throw new Error(
        `no report after reload; tabs: ${tabs.join(", ") || "none"}; webview frames: ${frames}; ${
          error instanceof Error ? error.message.split("\n")[0] : String(error)
        }`,
      );
    }
    const answer = await report.locator("#answer-text").innerText();
    if (!/Florida/.test(answer)) throw new Error(`after reload the answer reads "${answer}"`);
    return `${answer}${note}`;
  });
}
