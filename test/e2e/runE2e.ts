import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/tempLake.ts";
import { startScriptedServer } from "../helpers/scriptedOpenAiServer.ts";
import { E2E_API_KEY, askScript } from "./askScenario.ts";
import { Checks } from "./checks.ts";
import {
  installExtension,
  isolatedRun,
  missingPrerequisites,
  startCodeServer,
  workspaceFrom,
} from "./codeServer.ts";
import type { CodeServer } from "./codeServer.ts";
import { runExtHostSuite } from "./extHostSuite.ts";
import { describeLatency } from "./inputLatency.ts";
import { trustScenario, trustScript } from "./trustScenario.ts";
import { liveReportUpdates, liveScript, openForLiveReport } from "./liveReport.ts";
import { askThroughTheUi } from "./uiScenario.ts";
import { auditScenario } from "./auditScenario.ts";
import { waterScript } from "./waterScenario.ts";
import { addBrokenDownload, copyLake, largeFolder, linkedCopy, waterLake } from "./waterWorkspace.ts";
import { openBrowser } from "./workbench.ts";
import { workspaceScenario } from "./workspaceScenario.ts";
import { describeLargeLake, largeLakeScenario } from "./largeLakeScenario.ts";
import type { LargeLakeFigures } from "./largeLakeScenario.ts";
import { generateDailyLake } from "../../bench/generateDailyLake.ts";
import type { WorkspaceFigures } from "./workspaceScenario.ts";

/**
 * The extension in a real VS Code, offline: package the VSIX, install it into code-server, drive
 * the workbench with Playwright ("Ask RADAR" against a scripted OpenAI-compatible endpoint on
 * 127.0.0.1), then run the mocha suite inside the extension host. Prints one closing line,
 * `e2e: N passed, N failed`, and writes screenshots and a summary to test-artifacts/.
 *
 * Without Chromium or code-server it is skipped with a note, except under CI=true, where a
 * missing prerequisite is a failure (.ci/run installs them).
 */
// RADAR_E2E_ARTIFACTS: another folder, so a partial run beside a full one leaves its screenshots alone.
const artifacts = process.env.RADAR_E2E_ARTIFACTS ?? join(repoRoot, "test-artifacts");
const started = Date.now();
const timings: Record<string, number> = {};
let lap = Date.now();
const mark = (name: string): void => {
  timings[name] = Date.now() - lap;
  lap = Date.now();
};

/**
 * Which parts run (RADAR_E2E_PHASES, comma-separated; all by default): `basic` — the UI scenario
 * on examples/lake; `suite` — the extension-host suite; `workspace` — the generated water
 * workspace (Sources while mapping, a 40-call run, every view, the workspace unchanged, typing
 * while a ~290 MB folder maps); `trust` — Workspace Trust granted and taken back mid-session;
 * `audit` — `radar export --html` audits opened in Chromium; `large` — the Sources view on a lake of
 * 1,500 files (a 1,400-file family in dated folders); alone, with its figures, it is
 * `npm run bench:sources`.
 * RADAR_E2E_ONLY=ui (older) means `basic`.
 */
const PHASES = new Set(
  (process.env.RADAR_E2E_ONLY === "ui"
    ? "basic"
    : (process.env.RADAR_E2E_PHASES ?? "basic,suite,workspace,trust,audit,large")
  )
    .split(",")
    .map((p) => p.trim()),
);

async function main(): Promise<number> {
  const missing = missingPrerequisites();
  if (missing.length) {
    console.log(`VS Code end-to-end tests need: ${missing.join("; ")}`);
    if (process.env.CI === "true" || process.env.CI === "1") {
      console.log("e2e: 0 passed, 1 failed");
      return 1;
    }
    console.log("e2e: skipped (run `npm run setup:e2e` and install chromium to run them)");
    return 0;
  }
  // Screenshots of an earlier run would pass for this one's.
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  const ui = new Checks("ui");
  const host = new Checks("ext-host");
  const workspace = new Checks("workspace");
  const trust = new Checks("trust");
  const audit = new Checks("audit");
  const large = new Checks("large");
  const all = [ui, host, workspace, trust, audit, large];
  // The basic scenario's question, then the live-report run (alone under RADAR_E2E_PHASES=live).
  const server = await startScriptedServer([...(PHASES.has("basic") ? askScript() : []), ...liveScript()]);
  // radar.baseUrl is machine-scoped: a remote window (code-server's) reads it from Machine settings.
  const dirs = isolatedRun(
    { "radar.model": "gpt-4o-mini", "radar.maxSteps": 6 },
    { "radar.baseUrl": server.baseURL },
  );
  const roots = [dirs.root];
  const resultsFile = join(dirs.root, "ext-host-results.json");
  let codeServer: CodeServer | undefined;
  const facts: Record<string, unknown> = {};
  try {
    // `npm test` has just built dist/; a bare `npm run test:e2e` may not have.
    if (!existsSync(join(repoRoot, "dist/extension.cjs")))
      spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: repoRoot, stdio: "inherit" });
    const vsix = join(dirs.root, "radar-data-linux-x64.vsix");
    const pack = spawnSync(
      process.execPath,
      ["scripts/packageVsix.mjs", "--target", "linux-x64", "--out", vsix],
      { cwd: repoRoot, encoding: "utf8" },
    );
    if (pack.status !== 0) throw new Error(`packaging failed: ${pack.stderr}${pack.stdout.slice(-2000)}`);
    facts.vsixBytes = statSync(vsix).size;
    mark("package VSIX");
    if (PHASES.has("basic") || PHASES.has("suite") || PHASES.has("live")) {
      installExtension(dirs, vsix);
      mark("install into code-server");
      const uiLake = workspaceFrom(dirs, join(repoRoot, "examples/lake"), "lake-ui");
      const suiteLake = workspaceFrom(dirs, join(repoRoot, "examples/lake"), "lake-suite");
      codeServer = await startCodeServer(dirs, { RADAR_TEST_RESULTS: resultsFile });
      mark("code-server up");
      if (PHASES.has("basic")) {
        console.log("UI end-to-end (Playwright in the workbench):");
        const browser = await openBrowser(dirs.root);
        // The requests of the scenario's one question, before the live-report run adds its own.
        let requests = 0;
        try {
          let ranToEnd = true;
          try {
            await askThroughTheUi(
              browser.page,
              `${codeServer.url}/?folder=${encodeURIComponent(uiLake)}`,
              artifacts,
              ui,
            );
          } catch (error) {
            ranToEnd = false;
            ui.add(
              "the UI scenario ran to its end",
              false,
              error instanceof Error ? error.message : String(error),
            );
            await browser.page.screenshot({ path: join(artifacts, "failure.png") }).catch(() => undefined);
          }
          requests = server.requests.length;
          if (ranToEnd) await liveReportUpdates(browser.page, artifacts, ui);
        } finally {
          await browser.close();
        }
        mark("UI drive");
        ui.add("the scripted endpoint answered three model turns", requests === 3, `${requests} request(s)`);
        ui.add(
          "the key travelled only in the Authorization header",
          server.authorizations.length > 0 &&
            server.authorizations.every((a) => a === `Bearer ${E2E_API_KEY}`),
        );
        const leaks = filesContaining(dirs.root, E2E_API_KEY, [join(dirs.userData, "User", "globalStorage")]);
        ui.add(
          "no log, trace or settings file holds the key",
          leaks.length === 0,
          leaks.slice(0, 3).join(", "),
        );
        const activation = activationTime(dirs.root);
        if (activation !== undefined) {
          facts.activationMs = activation.ms;
          facts.activationCpuMs = activation.cpuMs;
        }
        ui.add(
          "the extension logged its activation time",
          activation !== undefined,
          activation ? `${activation.ms} ms wall, ${activation.cpuMs} ms CPU` : undefined,
        );
      }
      if (PHASES.has("live") && !PHASES.has("basic")) {
        // The live-report check alone, for iterating on the report (the basic phase includes it).
        console.log("The report while a run updates it (Playwright in the workbench):");
        const browser = await openBrowser(dirs.root);
        try {
          await openForLiveReport(browser.page, `${codeServer.url}/?folder=${encodeURIComponent(uiLake)}`);
          await liveReportUpdates(browser.page, artifacts, ui);
        } catch (error) {
          ui.add(
            "the live-report scenario ran",
            false,
            error instanceof Error ? error.message : String(error),
          );
          await browser.page.screenshot({ path: join(artifacts, "failure.png") }).catch(() => undefined);
        } finally {
          await browser.close();
        }
        mark("live report");
      }
      if (PHASES.has("suite")) {
        console.log("Extension-host suite (mocha inside code-server's extension host):");
        const suiteBrowser = await openBrowser(dirs.root);
        try {
          const code = await runExtHostSuite(
            suiteBrowser.page,
            codeServer.url,
            suiteLake,
            repoRoot,
            join(repoRoot, "out/vscodeSuite/index.cjs"),
            join(dirs.root, "ext-host.log"),
          );
          const results = existsSync(resultsFile)
            ? (JSON.parse(readFileSync(resultsFile, "utf8")) as {
                passes: string[];
                failures: { title: string; error: string }[];
              })
            : { passes: [], failures: [] };
          for (const title of results.passes) host.add(title, true);
          for (const f of results.failures) host.add(f.title, false, f.error);
          host.add("the suite ran to its end", code === 0 || results.failures.length > 0, `exit ${code}`);
        } finally {
          await suiteBrowser.close();
        }
        mark("ext-host suite");
      }
      await codeServer.stop();
      codeServer = undefined;
    }
    if (PHASES.has("workspace")) {
      console.log("A real workspace (the generated water lake; every view at the end of a 40-call run):");
      const figures = await runWorkspacePhase(vsix, workspace, roots);
      facts.workspace = figures;
      mark("workspace scenario");
    }
    if (PHASES.has("trust")) {
      console.log("Workspace Trust granted and taken back mid-session:");
      await runTrustPhase(vsix, trust, roots);
      mark("trust scenario");
    }
    if (PHASES.has("audit")) {
      console.log("The HTML audit of a run in Chromium (offline, file://):");
      try {
        facts.audit = await auditScenario(dirs.root, artifacts, audit);
      } catch (error) {
        audit.add(
          "the audit scenario ran to its end",
          false,
          error instanceof Error ? error.message : String(error),
        );
      }
      mark("audit scenario");
    }
    if (PHASES.has("large")) {
      console.log("The Sources view on a lake of 1,500 files:");
      facts.large = await runLargePhase(vsix, large, roots);
      mark("large-lake scenario");
    }
  } finally {
    await codeServer?.stop();
    await server.close();
  }
  return finish(all, roots, facts);
}

/** The water workspace in a window of its own (its scripted model is another endpoint). */
async function runWorkspacePhase(vsix: string, checks: Checks, roots: string[]): Promise<WorkspaceFigures> {
  const lake = await waterLake("workspace", 1);
  const server = await startScriptedServer(waterScript());
  const dirs = isolatedRun(
    { "radar.model": "gpt-4o-mini", "radar.maxSteps": 20 },
    { "radar.baseUrl": server.baseURL },
  );
  roots.push(dirs.root);
  const figures: WorkspaceFigures = { workspaceBytes: lake.bytes, workspaceFiles: lake.files };
  let codeServer: CodeServer | undefined;
  try {
    installExtension(dirs, vsix);
    const copying = Date.now();
    const ws = copyLake(lake.dir, join(dirs.root, "water"));
    const broken = addBrokenDownload(ws);
    figures.workspaceFiles += 1;
    figures.workspaceBytes += statSync(join(ws, broken)).size;
    const large = largeFolder(lake, join(dirs.root, "large-folder"), 8);
    const stopFolder = linkedCopy(large.dir, join(dirs.root, "large-folder-to-stop"));
    console.log(
      `  copied the workspace and a ${(large.bytes / 1e6).toFixed(0)} MB folder in ${((Date.now() - copying) / 1000).toFixed(1)} s`,
    );
    codeServer = await startCodeServer(dirs);
    const browser = await openBrowser(dirs.root);
    try {
      const base = codeServer.url;
      await workspaceScenario({
        page: browser.page,
        url: (folder) => `${base}/?folder=${encodeURIComponent(folder)}`,
        workspace: { dir: ws, bytes: figures.workspaceBytes, files: figures.workspaceFiles },
        large,
        stopFolder,
        artifacts,
        checks,
        figures,
      });
    } catch (error) {
      checks.add(
        "the workspace scenario ran to its end",
        false,
        error instanceof Error ? error.message : String(error),
      );
      await browser.page
        .screenshot({ path: join(artifacts, "workspace-failure.png") })
        .catch(() => undefined);
    } finally {
      await browser.close();
    }
    checks.add(
      "the scripted model played the whole 40-call session",
      server.remaining() === 0,
      `${server.requests.length} request(s), ${server.remaining()} step(s) left`,
    );
  } finally {
    await codeServer?.stop();
    await server.close();
  }
  return figures;
}

/** The 1,500-file lake in a window of its own (no model: the scenario only reads the Sources view). */
async function runLargePhase(vsix: string, checks: Checks, roots: string[]): Promise<LargeLakeFigures> {
  const generated = join(repoRoot, ".vscode-test", "lakes", "daily-1500");
  const lake = await generateDailyLake(generated);
  const dirs = isolatedRun();
  roots.push(dirs.root);
  const figures: LargeLakeFigures = { files: lake.files };
  let codeServer: CodeServer | undefined;
  try {
    installExtension(dirs, vsix);
    const ws = workspaceFrom(dirs, generated, "daily-lake");
    codeServer = await startCodeServer(dirs);
    const browser = await openBrowser(dirs.root);
    try {
      await largeLakeScenario({
        page: browser.page,
        url: `${codeServer.url}/?folder=${encodeURIComponent(ws)}`,
        lake,
        artifacts,
        checks,
        figures,
      });
    } catch (error) {
      checks.add(
        "the large-lake scenario ran to its end",
        false,
        error instanceof Error ? error.message : String(error),
      );
      await browser.page.screenshot({ path: join(artifacts, "large-failure.png") }).catch(() => undefined);
    } finally {
      await browser.close();
    }
  } finally {
    await codeServer?.stop();
  }
  return figures;
}

/** Trust on, the folder untrusted at first: a window of its own. */
async function runTrustPhase(vsix: string, checks: Checks, roots: string[]): Promise<void> {
  const server = await startScriptedServer(trustScript());
  const dirs = isolatedRun(
    {
      "radar.model": "gpt-4o-mini",
      "radar.maxSteps": 6,
      "security.workspace.trust.enabled": true,
      "security.workspace.trust.startupPrompt": "never",
    },
    { "radar.baseUrl": server.baseURL },
  );
  roots.push(dirs.root);
  let codeServer: CodeServer | undefined;
  try {
    installExtension(dirs, vsix);
    const lake = workspaceFrom(dirs, join(repoRoot, "examples/lake"), "lake-trust");
    codeServer = await startCodeServer(dirs, {}, { trust: true });
    const browser = await openBrowser(dirs.root);
    try {
      await trustScenario(
        browser.page,
        `${codeServer.url}/?folder=${encodeURIComponent(lake)}`,
        dirs.userData,
        artifacts,
        checks,
      );
    } catch (error) {
      checks.add(
        "the trust scenario ran to its end",
        false,
        error instanceof Error ? error.message : String(error),
      );
      await browser.page.screenshot({ path: join(artifacts, "trust-failure.png") }).catch(() => undefined);
    } finally {
      await browser.close();
    }
  } finally {
    await codeServer?.stop();
    await server.close();
  }
}

function finish(checks: Checks[], roots: string[], facts: Record<string, unknown>): number {
  const all = checks.flatMap((c) => c.results);
  const failed = all.filter((r) => !r.ok).length;
  timings.total = Date.now() - started;
  writeFileSync(
    join(artifacts, "e2e-summary.json"),
    JSON.stringify({ ...facts, timingsMs: timings, checks: all }, null, 2),
  );
  console.log(
    `timings: ${Object.entries(timings)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(
        ", ",
      )}; VSIX ${((Number(facts.vsixBytes) || 0) / 1024 / 1024).toFixed(1)} MiB; activation ${String(facts.activationMs)} ms (CPU ${String(facts.activationCpuMs)} ms)`,
  );
  const w = facts.workspace as WorkspaceFigures | undefined;
  if (w)
    console.log(
      `workspace (${w.workspaceFiles} files, ${(w.workspaceBytes / 1e6).toFixed(0)} MB): open → first file in Sources ${seconds(w.openToFirstSourceMs)}, open → Sources complete ${seconds(w.openToSourcesCompleteMs)}, Ask RADAR → report ${seconds(w.askToReportMs)}; input latency idle ${w.latencyIdle ? describeLatency(w.latencyIdle) : "n/a"}, while a ${((w.largeFolderBytes ?? 0) / 1e6).toFixed(0)} MB folder maps ${w.latencyWhileMapping ? describeLatency(w.latencyWhileMapping) : "n/a"} (${w.largeProgressWhileTyping ?? "?"}); Stop Mapping took ${seconds(w.stopMappingMs)}${w.largeOpenToSourcesCompleteMs ? `; the large folder mapped in ${seconds(w.largeOpenToSourcesCompleteMs)}` : ""}`,
    );
  const large = facts.large as LargeLakeFigures | undefined;
  if (large) console.log(describeLargeLake(large));
  console.log(`screenshots and summary: ${artifacts}`);
  if (failed === 0 && !process.env.RADAR_E2E_KEEP)
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  else console.log(`run folders kept: ${roots.join(", ")}`);
  console.log(`e2e: ${all.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "n/a" : `${(ms / 1000).toFixed(1)} s`;
}

/** Files under a folder whose text holds the needle (the key), outside the secret store. */
function filesContaining(dir: string, needle: string, skip: string[]): string[] {
  const hits: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (skip.some((s) => full.startsWith(s))) continue;
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (name !== "node_modules" && name !== "extensions") walk(full);
      } else if (st.size < 20_000_000 && /\.(log|jsonl|json|txt)$/.test(name)) {
        if (readFileSync(full, "utf8").includes(needle)) hits.push(full);
      }
    }
  };
  walk(dir);
  return hits;
}

/** "RADAR activated in N ms (… CPU M ms …)", from the extension's log channel file. */
function activationTime(dir: string): { ms: number; cpuMs: number } | undefined {
  let found: { ms: number; cpuMs: number } | undefined;
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full);
      else if (name.endsWith(".log") && name.includes("RADAR")) {
        const m = /RADAR activated in ([\d.]+) ms .*?CPU ([\d.]+) ms/.exec(readFileSync(full, "utf8"));
        if (m && found === undefined) found = { ms: Number(m[1]), cpuMs: Number(m[2]) };
      }
    }
  };
  walk(join(dir, "userData"));
  return found;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log("e2e: 0 passed, 1 failed");
    process.exit(1);
  },
);
