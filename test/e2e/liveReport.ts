import { join } from "node:path";
import type { Page } from "playwright-core";
import type { ScriptStep } from "../helpers/scriptedOpenAiServer.ts";
import type { Checks } from "./checks.ts";
import { E2E_API_KEY } from "./askScenario.ts";
import {
  answerInputBox,
  patience,
  reportFrame,
  runCommand,
  waitForRadarViews,
  waitForWorkbench,
} from "./workbench.ts";

/**
 * The report while a run updates it: the reader opens a call, selects the question and scrolls,
 * and the updates that arrive afterwards (up to five a second) must leave all three as they were.
 * The scripted model waits before each later turn, so updates keep arriving after the reader acts;
 * the check fails if fewer than two arrived (it would prove nothing).
 */

export const LIVE_QUESTION =
  "How many years of rainfall figures are there, and from which years are the crop yields?";

/** Seconds the scripted model waits before each later turn: time for the reader to act first. */
const TURN_DELAY_MS = 12_000;
/** How far the opened call may move in the viewport: less than a line. */
const SCROLL_SLACK_PX = 12;

export function liveScript(): ScriptStep[] {
  return [
    {
      content: "Reading the rainfall series and counting its years.",
      toolCalls: [
        { name: "Scan", arguments: { file: "climate/rainfall.csv", output: "rain_live" } },
        {
          name: "Query",
          arguments: {
            sql: "SELECT COUNT(*) AS years FROM rain_live",
            inputs: ["rain_live"],
            output: "rain_years",
          },
        },
      ],
    },
    {
      delayMs: TURN_DELAY_MS,
      content: "Reading the crop yields.",
      toolCalls: [{ name: "Scan", arguments: { file: "climate/crop_yield.csv", output: "crop_live" } }],
    },
    {
      delayMs: TURN_DELAY_MS,
      content: "Listing the crop yield years.",
      toolCalls: [
        {
          name: "Query",
          arguments: {
            sql: "SELECT year FROM crop_live ORDER BY year",
            inputs: ["crop_live"],
            output: "crop_years",
          },
        },
      ],
    },
    {
      delayMs: TURN_DELAY_MS,
      toolCalls: [{ name: "Answer", arguments: { answer: 6, evidence: ["rain_years"] } }],
    },
  ];
}

/** For `RADAR_E2E_PHASES=live`: the workbench on the lake, with the scripted endpoint's key set. */
export async function openForLiveReport(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: patience(60_000) });
  await waitForWorkbench(page);
  await page
    .locator('.activitybar [aria-label^="RADAR"]')
    .first()
    .click({ timeout: patience(30_000) });
  await waitForRadarViews(page);
  await runCommand(page, "RADAR: Set API Key");
  await answerInputBox(page, "Set API Key", E2E_API_KEY);
}

export async function liveReportUpdates(page: Page, artifacts: string, checks: Checks): Promise<void> {
  await checks.run(
    "a call the reader opens during a run stays open, with the selection and scroll, as updates arrive",
    async () => {
      await runCommand(page, "RADAR: Ask RADAR");
      await answerInputBox(page, "Ask RADAR", LIVE_QUESTION);
      const report = reportFrame(page);
      const running = report.locator('main[data-status="running"]');
      const first = running.locator('vscode-collapsible.call:not([data-status="running"])').first();
      await first.waitFor({ timeout: patience(90_000) });
      const id = await first.getAttribute("id");
      if (!id) throw new Error("the first call has no id");
      const call = report.locator(`[id="${id}"]`);
      const header = call.locator(".collapsible-header");
      const isOpen = (): Promise<boolean> => call.evaluate((el) => el.hasAttribute("open"));
      // The reader opens the call (closing it first if it started open, so that opening is theirs).
      if (await isOpen()) {
        await header.click();
        await report.locator(`[id="${id}"]:not([open])`).waitFor({ timeout: patience(10_000) });
      }
      await header.click();
      await report.locator(`[id="${id}"][open]`).waitFor({ timeout: patience(10_000) });
      await report.locator("#question").selectText();
      const selected = await report
        .locator("#question")
        .evaluate(() => window.getSelection()?.toString() ?? "");
      if (!selected.trim()) throw new Error("selecting the question selected nothing");
      // Where the call sits in the viewport: content arriving above it (the answer, the evidence
      // chain) may move the scroll offset, but what the reader looks at must stay put.
      const before = await call.evaluate((el) => {
        el.scrollIntoView({ block: "start" });
        return { top: el.getBoundingClientRect().top, scrollTop: document.scrollingElement?.scrollTop ?? 0 };
      });
      const callsNow = async (): Promise<number> =>
        Number(/\((\d+)\)/.exec(await report.locator("#calls h2").innerText())?.[1] ?? 0);
      const callsAtOpen = await callsNow();
      if (!(await running.count())) throw new Error("the run ended before the reader had opened the call");
      await page.screenshot({ path: join(artifacts, "report-live-opened.png") });

      // Updates arrive: the later turns' calls, then the end of the run.
      await report.locator('main:not([data-status="running"])').waitFor({ timeout: patience(120_000) });
      const callsAfter = await callsNow();
      if (callsAfter < callsAtOpen + 2)
        throw new Error(
          `only ${callsAfter - callsAtOpen} call(s) arrived after the call was opened: the check would prove nothing`,
        );
      await page.screenshot({ path: join(artifacts, "report-live-after.png") });
      const after = await call.evaluate((el) => ({
        open: el.hasAttribute("open"),
        selection: window.getSelection()?.toString() ?? "",
        top: el.getBoundingClientRect().top,
        scrollTop: document.scrollingElement?.scrollTop ?? 0,
      }));
      const lost = [
        after.open ? undefined : `${id} closed`,
        after.selection === selected ? undefined : `the selection "${selected}" became "${after.selection}"`,
        Math.abs(after.top - before.top) <= SCROLL_SLACK_PX
          ? undefined
          : `the call moved in the viewport from ${before.top}px to ${after.top}px (scroll ${before.scrollTop} → ${after.scrollTop})`,
      ].filter(Boolean);
      if (lost.length) throw new Error(`after ${callsAfter - callsAtOpen} more call(s): ${lost.join("; ")}`);
      return `${id} opened at ${callsAtOpen} call(s), still open at ${callsAfter}; selection "${selected.slice(0, 40)}…" and the call's place in view kept (${Math.round(before.top)} → ${Math.round(after.top)} px; scroll ${before.scrollTop} → ${after.scrollTop})`;
    },
  );
}
