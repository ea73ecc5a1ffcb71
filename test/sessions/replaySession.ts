import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Diagnostic } from "../../src/core/diagnostic.ts";
import { Runtime } from "../../src/core/runtime.ts";
import type { OperatorCall } from "../../src/core/runtime.ts";
import { legalLakeDir, repoRoot } from "../helpers/tempLake.ts";
import type { AnalystSession, CallKey, DiagnosticLabel, KnownMiss, SessionLake } from "./sessionFormat.ts";

/** Where committed sessions live (found from the repository root, so bundled evals find them too). */
export const sessionsDir = join(repoRoot, "test", "sessions");

/** Every committed session, sorted by id. Files under `lakes/` are lakes, not sessions. */
export function loadSessions(dir = sessionsDir): AnalystSession[] {
  const out: AnalystSession[] = [];
  const visit = (folder: string): void => {
    for (const name of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, name.name);
      if (name.isDirectory() && name.name !== "lakes") visit(path);
      else if (name.isFile() && name.name.endsWith(".session.json"))
        out.push(JSON.parse(readFileSync(path, "utf8")) as AnalystSession);
    }
  };
  if (existsSync(dir)) visit(dir);
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** One diagnostic as it fired in a replay, with the call it belongs to. */
export interface FiredDiagnostic extends CallKey {
  session: string;
  diagnostic: Diagnostic;
  /** The call (op and arguments) and how it ended; absent for the final checks. */
  callArgs?: OperatorCall;
  status?: string;
}

export interface SessionReplay {
  session: AnalystSession;
  lakeRoot: string;
  fired: FiredDiagnostic[];
  /** Every call's status, per batch. */
  statuses: string[][];
  /** Why calls failed or were skipped: `#batch.call Op: error`. */
  errors: string[];
  /** Each call's time and what its checks after execution added: `#batch.call` → ms. */
  timings: { at: string; op: string; ms: number; checksMs: number }[];
  skipped?: string;
}

/** A lake for a session: the shared legal lake, a committed folder, or one bench/lakes generates. */
export type LakeResolver = (lake: SessionLake) => Promise<string | { skipped: string }>;

export const defaultLakeResolver: LakeResolver = async (lake) => {
  if ("shared" in lake) {
    return legalLakeDir();
  }
  if ("dir" in lake) {
    const root = resolve(sessionsDir, "lakes", lake.dir);
    return existsSync(root) ? root : { skipped: `${root} is absent` };
  }
  const root = await generatedLake(lake.generated, lake.scale ?? "tiny", lake.seed ?? 1);
  return lake.root === "bundle" && typeof root === "string" ? bundleOf(root) : root;
};

/** Bundle folders made from generated lakes, by lake folder. */
const bundles = new Map<string, string>();

/**
 * The bundle an analyst was handed for a generated lake: its README.md and a copy of lake/ in a
 * folder beside the generated lake (a copy, not the generator's folder, because that also holds
 * the gold answers); it goes with the generated lake's folder at exit.
 */
function bundleOf(lakeDir: string): string {
  let bundle = bundles.get(lakeDir);
  if (!bundle) {
    const made = join(lakeDir, "..", "analyst-bundle");
    rmSync(made, { recursive: true, force: true });
    mkdirSync(made);
    const readme = join(lakeDir, "..", "README.md");
    if (existsSync(readme)) cpSync(readme, join(made, "README.md"));
    cpSync(lakeDir, join(made, "lake"), { recursive: true });
    bundles.set(lakeDir, (bundle = made));
  }
  return bundle;
}

/** Temporary folders of this process, removed at exit by one listener (not one per folder). */
const removeAtExit: string[] = [];
function removedAtExit(dir: string): string {
  if (removeAtExit.length === 0)
    process.once("exit", () => {
      for (const d of removeAtExit) rmSync(d, { recursive: true, force: true });
    });
  removeAtExit.push(dir);
  return dir;
}

/** Generated lakes of this process, by kind/scale/seed (generated once, removed at exit). */
const generated = new Map<string, Promise<string | { skipped: string }>>();

/**
 * A lake of bench/lakes, generated into a temporary folder with its own generator (`npm run
 * lakes -- KIND --scale S --seed N --out DIR`); `RADAR_SESSION_LAKES=DIR` reads pre-generated
 * bundles from DIR/KIND-SCALE-SEED/lake instead.
 */
async function generatedLake(
  kind: string,
  scale: string,
  seed: number,
): Promise<string | { skipped: string }> {
  const key = `${kind}-${scale}-${seed}`;
  const given = process.env.RADAR_SESSION_LAKES;
  if (given) {
    const root = join(given, key, "lake");
    return existsSync(root) ? root : { skipped: `${root} is absent` };
  }
  let made = generated.get(key);
  if (!made) {
    made = (async () => {
      const cli = join(repoRoot, "bench", "lakes", "lakesCli.ts");
      if (!existsSync(cli))
        return { skipped: `bench/lakes is not in this build (needed for a ${kind} lake)` };
      const out = removedAtExit(mkdtempSync(join(tmpdir(), `radar-session-lake-${key}-`)));
      const { execFileSync } = await import("node:child_process");
      execFileSync(
        process.execPath,
        ["--import", "tsx", cli, kind, "--scale", scale, "--seed", String(seed), "--out", out],
        { cwd: repoRoot, stdio: "ignore" },
      );
      return join(out, "lake");
    })();
    generated.set(key, made);
  }
  return made;
}

/**
 * What makes a replay give the same findings on a busy machine as on a quiet one: one call at a
 * time (a file finding is reported once per session, on the call that finishes first — with calls
 * running at once that would depend on timing), and no time budget for the checks (a budget stops
 * checks by the clock). Findings are otherwise those a user sees.
 */
export const REPLAY_OPTIONS = { concurrency: 1, validationBudget: false } as const;

/**
 * One state folder per lake for the whole process: the Source Map is built once per lake, not
 * once per session (sessions here are one-off runtimes without a session name, so they share
 * nothing else). Removed at exit.
 */
const stateDirs = new Map<string, string>();

function stateDirFor(lakeRoot: string): string {
  let dir = stateDirs.get(lakeRoot);
  if (!dir) {
    const made = removedAtExit(mkdtempSync(join(tmpdir(), "radar-session-state-")));
    stateDirs.set(lakeRoot, (dir = made));
  }
  return dir;
}

/**
 * Replays a session on the current build: its batches through a real Runtime (validation on), in
 * one runtime or one per batch as the session says, with the end-of-batch checks after each batch
 * (as `radar batch` runs them).
 */
export async function replaySession(
  session: AnalystSession,
  resolveLake: LakeResolver = defaultLakeResolver,
): Promise<SessionReplay> {
  const lake = await resolveLake(session.lake);
  if (typeof lake !== "string")
    return { session, lakeRoot: "", fired: [], statuses: [], errors: [], timings: [], skipped: lake.skipped };
  const radarDir = stateDirFor(lake);
  const fired: FiredDiagnostic[] = [];
  const statuses: string[][] = [];
  const errors: string[] = [];
  const timings: SessionReplay["timings"] = [];
  let runtime: Runtime | undefined;
  try {
    for (const [batch, calls] of session.batches.entries()) {
      if (!runtime || session.continuity === "per-batch") {
        runtime?.close();
        runtime = await Runtime.open(lake, { radarDir, question: session.question, ...REPLAY_OPTIONS });
      } else runtime.nextRun(session.question);
      const events = await runtime.runBatch(calls);
      statuses.push(events.map((e) => e.status));
      events.forEach((e, call) => {
        if (e.error) errors.push(`#${batch}.${call} ${e.op}: ${e.error}`);
        timings.push({ at: `#${batch}.${call}`, op: e.op, ms: e.durationMs, checksMs: e.validationMs ?? 0 });
      });
      events.forEach((e, call) => {
        for (const diagnostic of e.diagnostics)
          fired.push({
            session: session.id,
            batch,
            call,
            diagnostic,
            callArgs: calls[call]!,
            status: e.status,
          });
      });
      for (const diagnostic of await runtime.finalChecks())
        fired.push({ session: session.id, batch, call: "final", diagnostic });
    }
  } finally {
    runtime?.close();
  }
  return { session, lakeRoot: lake, fired, statuses, errors, timings };
}

/** The first `file:line` of a diagnostic, as labels name it. */
export function firstLocation(d: Diagnostic): string | undefined {
  const l = d.locations[0];
  return l ? `${l.file}:${l.line}` : undefined;
}

/**
 * The label for a fired diagnostic: same batch, call and code; when several labels share those,
 * the one whose location and message fit. Undefined when the diagnostic has no label.
 */
export function labelFor(fired: FiredDiagnostic, labels: DiagnosticLabel[]): DiagnosticLabel | undefined {
  const same = labels.filter(
    (l) =>
      l.batch === fired.batch &&
      l.call === fired.call &&
      l.code === fired.diagnostic.code &&
      (l.severity === undefined || l.severity === fired.diagnostic.severity),
  );
  if (same.length <= 1) return same[0];
  const location = firstLocation(fired.diagnostic);
  const fits = same.filter(
    (l) =>
      // A label of a finding without a location says so with null (the readers' JSON): no location to match.
      ((l.location ?? undefined) === undefined || l.location === location) &&
      (l.message === undefined || fired.diagnostic.message.includes(l.message)),
  );
  return fits[0];
}

/**
 * Whether a known miss was caught: a warning or error of its code at its call (and location, if
 * given) — or an info, for a miss the runtime now corrects itself (`corrected`) or one whose reader
 * asked to be told, not warned (`severity: "info"`).
 */
export function missCaught(miss: KnownMiss, fired: FiredDiagnostic[]): boolean {
  return fired.some(
    (f) =>
      f.batch === miss.batch &&
      f.call === miss.call &&
      f.diagnostic.code === miss.code &&
      (f.diagnostic.severity !== "info" || miss.corrected === true || miss.severity === "info") &&
      (miss.location === undefined ||
        // A reader may write a sheet's row with its sheet or table after it (`book.xlsx:77 [All!A:D]`).
        f.diagnostic.locations.some(
          (l) => `${l.file}:${l.line}` === miss.location!.replace(/ \[[^\]]*\]$/, ""),
        ) ||
        f.diagnostic.message.includes(miss.location)),
  );
}

/** The text of the source lines a diagnostic points at (its evidence rows), for readers. */
export function evidenceRows(lakeRoot: string, d: Diagnostic, limit = 5): { at: string; text: string }[] {
  const out: { at: string; text: string }[] = [];
  const cache = new Map<string, string[] | undefined>();
  for (const l of d.locations.slice(0, limit)) {
    if (l.sheet) {
      out.push({ at: `${l.file}:${l.line} [${l.sheet}]`, text: "(sheet row)" });
      continue;
    }
    if (!cache.has(l.file)) {
      try {
        // Lines end as the map counts them: LF, CR LF, or a lone CR (a classic Mac export).
        // A UTF-16 file is decoded by its byte-order mark: read as UTF-8, its CR, NUL, LF made two
        // line breaks of one, and the text shown for line 1,027 was line 514's (held-out KS-01).
        const bytes = readFileSync(join(lakeRoot, l.file));
        const encoding =
          bytes[0] === 0xff && bytes[1] === 0xfe
            ? "utf-16le"
            : bytes[0] === 0xfe && bytes[1] === 0xff
              ? "utf-16be"
              : "utf-8";
        cache.set(l.file, new TextDecoder(encoding).decode(bytes).split(/\r\n|\n|\r/));
      } catch {
        cache.set(l.file, undefined);
      }
    }
    const lines = cache.get(l.file);
    const text = lines?.[l.line - 1];
    out.push({
      at: `${l.file}:${l.line}`,
      text:
        text === undefined ? "(not readable as text)" : text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
    });
  }
  return out;
}
