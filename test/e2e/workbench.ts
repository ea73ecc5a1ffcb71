import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { BrowserContext, FrameLocator, Page } from "playwright-core";
import { CHROMIUM } from "./codeServer.ts";

/**
 * Debian's Chromium driven by playwright-core (no browser download), and the few workbench moves
 * the tests make: the command palette, quick inputs, views, the report's nested webview frames.
 */

/**
 * Timeouts are for a stuck workbench, not a slow one: the machines these tests run on are shared,
 * and under load a step can take several times its quiet-machine duration. Every wait is on a
 * condition; its limit is the quiet figure times RADAR_E2E_TIMEOUT_SCALE (4 by default).
 */
const TIMEOUT_SCALE = Number(process.env.RADAR_E2E_TIMEOUT_SCALE ?? 4) || 4;
export function patience(ms: number): number {
  return ms * TIMEOUT_SCALE;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(profileRoot: string): Promise<Browser> {
  const profile = mkdtempSync(join(profileRoot, "chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1500, height: 950 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(patience(30_000));
  page.setDefaultNavigationTimeout(patience(60_000));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.waitForSelector(".monaco-workbench", { timeout: patience(60_000) });
  // The status bar fills in once the window has restored its parts.
  await page.waitForSelector(".statusbar", { timeout: patience(30_000) });
}

/** Runs a command by its palette title, exactly as a user would. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: patience(15_000) });
  await input.fill(`>${title}`);
  const row = page.locator(`.quick-input-list .monaco-list-row[aria-label*="${title}"]`).first();
  await row.waitFor({ timeout: patience(15_000) });
  // Enter runs the first row, which is not always the command named: ">File: New Untitled Text
  // File" also matches "File: Compare New Untitled Text Files", listed first once it was used.
  // The row whose label is the title is clicked instead.
  const exact = page
    .locator(".quick-input-list .monaco-list-row")
    .filter({ has: page.locator(".label-name", { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
    .first();
  if (await exact.isVisible().catch(() => false)) await exact.click();
  else await page.keyboard.press("Enter");
}

/**
 * Types into the input box a command opened, once it has replaced the palette (its title shows),
 * and confirms it.
 */
export async function answerInputBox(page: Page, title: string, text: string): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  await widget
    .locator(".quick-input-title", { hasText: title })
    .waitFor({ state: "visible", timeout: patience(15_000) });
  const input = widget.locator("input.input").first();
  await input.fill(text);
  await page.keyboard.press("Enter");
  await widget.waitFor({ state: "hidden", timeout: patience(15_000) });
}

/** The report's page: webviews are an iframe in an iframe. */
export function reportFrame(page: Page): FrameLocator {
  return page
    .frameLocator('iframe.webview.ready[title*="RADAR"], iframe.webview.ready')
    .first()
    .frameLocator("iframe#active-frame");
}

/** The active editor's file name and cursor line, read off the tab and the status bar. */
export async function activeEditor(page: Page): Promise<{ tab: string; position: string }> {
  const tab =
    (await page.locator(".editor-group-container.active .tab.active").first().getAttribute("aria-label")) ??
    "";
  const position = (
    await page.locator(".statusbar-item[id='status.editor.selection']").first().innerText()
  ).trim();
  return { tab, position };
}

export async function waitForEditor(
  page: Page,
  file: string,
  line: number,
  timeoutMs = patience(15_000),
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = { tab: "", position: "" };
  while (Date.now() < deadline) {
    last = await activeEditor(page).catch(() => last);
    if (last.tab.includes(file) && last.position.startsWith(`Ln ${line},`))
      return `${last.tab} @ ${last.position}`;
    await page.waitForTimeout(250);
  }
  throw new Error(
    `expected ${file} at line ${line}; the active editor is "${last.tab}" at "${last.position}"`,
  );
}

/**
 * Waits until RADAR's Trace view has data (its welcome content or rows): the extension host of the
 * window is up and RADAR active. Under heavy load a remote window sometimes gives up on an
 * extension host that takes over a minute to start (nothing at all is activated in it, built-in
 * extensions included; the views stay "no data provider"): then the page is reloaded once more,
 * as a user would, and the returned note says so.
 */
export async function waitForRadarViews(page: Page, stalledShot?: string): Promise<string> {
  const tracePane = '.pane:has(.pane-header[aria-label*="Trace"])';
  const ready = (): Promise<boolean> =>
    page
      .locator(`${tracePane} .welcome-view-content, ${tracePane} .monaco-list-row`)
      .first()
      .waitFor({ timeout: patience(45_000) })
      .then(() => true)
      .catch(() => false);
  if (await ready()) return "";
  if (stalledShot) await page.screenshot({ path: stalledShot }).catch(() => undefined);
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForWorkbench(page);
  if (!(await ready())) throw new Error("RADAR's views have no data after a second reload");
  return " (after a second reload: the first window never started its extensions)";
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
