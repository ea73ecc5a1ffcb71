/**
 * The session corpus as a measurement: every committed analyst session (test/sessions/**.session.json)
 * replayed on the current build, its fired diagnostics matched with the readers' labels.
 *
 *     npm run eval:sessions [-- --session PATTERN] [--json] [--unlabeled --json] [--verbose]
 *
 * Prints per code: warnings/errors fired, labelled right, labelled noise, diverged (listed in the
 * session's `diverged`: they fire only because the replay is not the recorded run, so they are
 * neither right nor noise nor waiting for a label), unlabelled (and info findings apart); the known misses caught; the share of fired warnings and errors that are right;
 * wrong rejections (errors labelled noise); and internal check failures (`validation-error`).
 * `--unlabeled --json` prints instead every fired diagnostic that has no label — its message, the
 * call (SQL), the source rows it points at — for a reader to label; `--fired --json` every fired
 * diagnostic with its label's verdict (or none). It is a measurement: exit 0,
 * or 1 when the runner itself breaks.
 */
import { parseArgs } from "node:util";
import type { FiredDiagnostic, SessionReplay } from "../test/sessions/replaySession.ts";
import type { DivergedFinding } from "../test/sessions/sessionFormat.ts";
import {
  evidenceRows,
  firstLocation,
  labelFor,
  loadSessions,
  missCaught,
  replaySession,
} from "../test/sessions/replaySession.ts";

const { values } = parseArgs({
  options: {
    session: { type: "string" },
    json: { type: "boolean", default: false },
    unlabeled: { type: "boolean", default: false },
    fired: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

interface CodeTally {
  code: string;
  fired: number;
  right: number;
  noise: number;
  diverged: number;
  unlabeled: number;
  info: number;
  missesCaught: number;
  misses: number;
}

const flagged = (f: FiredDiagnostic): boolean => f.diagnostic.severity !== "info";

/**
 * The session's `diverged` entry a fired diagnostic is: same batch, call and code, and — when the
 * entry names a location — one of the diagnostic's locations. Asked only for unlabelled findings:
 * a reader's label wins.
 */
function divergedFor(
  f: FiredDiagnostic,
  diverged: DivergedFinding[] | undefined,
): DivergedFinding | undefined {
  return (diverged ?? []).find(
    (d) =>
      d.batch === f.batch &&
      d.call === f.call &&
      d.code === f.diagnostic.code &&
      (d.location === undefined || f.diagnostic.locations.some((l) => `${l.file}:${l.line}` === d.location)),
  );
}

function unlabeledEntry(replay: SessionReplay, f: FiredDiagnostic): Record<string, unknown> {
  return {
    session: f.session,
    batch: f.batch,
    call: f.call,
    code: f.diagnostic.code,
    severity: f.diagnostic.severity,
    location: firstLocation(f.diagnostic) ?? null,
    message: f.diagnostic.message,
    status: f.status ?? null,
    op: f.callArgs?.op ?? null,
    ...(f.callArgs?.op === "Query" ? { sql: f.callArgs.sql, inputs: f.callArgs.inputs } : {}),
    args: f.callArgs ?? null,
    evidence: evidenceRows(replay.lakeRoot, f.diagnostic),
    question: replay.session.question,
  };
}

async function main(): Promise<void> {
  const pattern = values.session ? new RegExp(values.session, "i") : undefined;
  const sessions = loadSessions().filter((s) => !pattern || pattern.test(s.id));
  const started = Date.now();
  const replays: SessionReplay[] = [];
  for (const session of sessions) {
    try {
      replays.push(await replaySession(session));
    } catch (error) {
      console.error(`evalSessions: session ${session.id} broke the runner:`);
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    }
  }

  if (values.unlabeled || values.fired) {
    const entries = replays.flatMap(
      (r) =>
        r.fired
          .filter(
            (f) => values.fired || (!labelFor(f, r.session.labels) && !divergedFor(f, r.session.diverged)),
          )
          .map((f) => ({
            ...unlabeledEntry(r, f),
            verdict:
              labelFor(f, r.session.labels)?.verdict ??
              (divergedFor(f, r.session.diverged) ? "diverged" : null),
          })) as Record<string, unknown>[],
    );
    if (values.json) console.log(JSON.stringify(entries, null, 2));
    else
      for (const e of entries)
        console.log(
          `${String(e.session)} #${String(e.batch)}.${String(e.call)} ${String(e.severity)} ${String(e.code)}: ${String(e.message)}\n`,
        );
    return;
  }

  const tallies = new Map<string, CodeTally>();
  const tally = (code: string): CodeTally => {
    let t = tallies.get(code);
    if (!t)
      tallies.set(
        code,
        (t = {
          code,
          fired: 0,
          right: 0,
          noise: 0,
          diverged: 0,
          unlabeled: 0,
          info: 0,
          missesCaught: 0,
          misses: 0,
        }),
      );
    return t;
  };
  const missed: string[] = [];
  const noise: string[] = [];
  const diverged: string[] = [];
  const wrongRejections: string[] = [];
  const internal: string[] = [];
  let usedLabels = 0;
  let labelsTotal = 0;
  for (const r of replays) {
    if (r.skipped) continue;
    labelsTotal += r.session.labels.length;
    const used = new Set<unknown>();
    for (const f of r.fired) {
      const t = tally(f.diagnostic.code);
      const where = `${r.session.id} #${f.batch}.${f.call}`;
      if (f.diagnostic.code === "validation-error") internal.push(`${where}: ${f.diagnostic.message}`);
      if (!flagged(f)) {
        t.info++;
        continue;
      }
      t.fired++;
      const label = labelFor(f, r.session.labels);
      if (!label) {
        const d = divergedFor(f, r.session.diverged);
        if (d) {
          t.diverged++;
          diverged.push(`${where} ${f.diagnostic.code}: ${d.why}`);
        } else t.unlabeled++;
        continue;
      }
      used.add(label);
      if (label.verdict === "right") t.right++;
      else {
        t.noise++;
        noise.push(`${where} ${f.diagnostic.code}: ${label.why}`);
        if (f.diagnostic.severity === "error" && f.status === "rejected")
          wrongRejections.push(`${where} ${f.diagnostic.code}: ${label.why}`);
      }
    }
    usedLabels += used.size;
    for (const m of r.session.misses ?? []) {
      const t = tally(m.code);
      t.misses++;
      if (missCaught(m, r.fired)) t.missesCaught++;
      else missed.push(`${r.session.id} #${m.batch}.${m.call} ${m.code}: ${m.why}`);
    }
  }
  const rows = [...tallies.values()].sort((a, b) => b.fired - a.fired || a.code.localeCompare(b.code));
  const sum = (f: (t: CodeTally) => number): number => rows.reduce((n, t) => n + f(t), 0);
  const overall = {
    sessions: replays.length,
    skipped: replays.filter((r) => r.skipped).length,
    fired: sum((t) => t.fired),
    right: sum((t) => t.right),
    noise: sum((t) => t.noise),
    diverged: sum((t) => t.diverged),
    unlabeled: sum((t) => t.unlabeled),
    info: sum((t) => t.info),
    misses: sum((t) => t.misses),
    missesCaught: sum((t) => t.missesCaught),
    wrongRejections: wrongRejections.length,
    internalErrors: internal.length,
    labels: labelsTotal,
    labelsMatched: usedLabels,
  };
  // Diverged findings judge the replay, not RADAR on the analyst's work: out of the right share.
  const judged = overall.fired - overall.diverged;
  const share = judged ? overall.right / judged : null;
  const labelledShare =
    overall.right + overall.noise ? overall.right / (overall.right + overall.noise) : null;
  const seconds = (Date.now() - started) / 1000;
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          seconds,
          overall: { ...overall, rightShareOfFired: share, rightShareOfLabelled: labelledShare },
          perCode: rows,
          missed,
          noise,
          diverged,
          wrongRejections,
          internal,
          skipped: replays.filter((r) => r.skipped).map((r) => ({ id: r.session.id, why: r.skipped })),
        },
        null,
        2,
      ),
    );
    return;
  }
  const pct = (x: number | null): string => (x === null ? "—" : `${(x * 100).toFixed(1)} %`);
  const width = Math.max(22, ...rows.map((t) => t.code.length));
  console.log(
    `Session corpus: ${overall.sessions} session(s) (${overall.skipped} skipped), replayed in ${seconds.toFixed(1)} s\n`,
  );
  console.log(`${"code".padEnd(width)}  fired  right  noise  diverged  unlabeled   info   misses caught`);
  for (const t of rows)
    console.log(
      `${t.code.padEnd(width)}  ${String(t.fired).padStart(5)}  ${String(t.right).padStart(5)}  ${String(t.noise).padStart(5)}  ${String(t.diverged).padStart(8)}  ${String(t.unlabeled).padStart(9)}  ${String(t.info).padStart(5)}   ${t.misses ? `${t.missesCaught}/${t.misses}`.padStart(13) : "".padStart(13)}`,
    );
  console.log("-".repeat(width + 68));
  console.log(
    `${"overall".padEnd(width)}  ${String(overall.fired).padStart(5)}  ${String(overall.right).padStart(5)}  ${String(overall.noise).padStart(5)}  ${String(overall.diverged).padStart(8)}  ${String(overall.unlabeled).padStart(9)}  ${String(overall.info).padStart(5)}   ${`${overall.missesCaught}/${overall.misses}`.padStart(13)}`,
  );
  console.log(
    `\nright among fired warnings+errors: ${pct(share)} (${overall.right}/${judged}, the ${overall.diverged} diverged left out); among labelled ones: ${pct(labelledShare)}`,
  );
  console.log(
    `diverged (fire only because the replay is not the recorded run; listed in the sessions' \`diverged\`): ${overall.diverged}`,
  );
  console.log(
    `wrong rejections: ${wrongRejections.length}; internal check failures (validation-error): ${internal.length}`,
  );
  console.log(
    `labels matched to a fired warning or error: ${overall.labelsMatched}/${overall.labels} (the rest label infos, or findings that no longer fire as warnings or errors)`,
  );
  for (const [title, list] of [
    ["Misses not caught", missed],
    ["Noise", noise],
    ["Diverged", diverged],
    ["Wrong rejections", wrongRejections],
    ["Internal check failures", internal],
  ] as const)
    if (list.length) {
      console.log(`\n${title} (${list.length}):`);
      for (const line of list) console.log(`  ${line.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  for (const r of replays.filter((x) => x.skipped)) console.log(`\nskipped ${r.session.id}: ${r.skipped}`);
  if (values.verbose)
    for (const r of replays) {
      const notOk = r.statuses.flatMap((b, i) =>
        b.flatMap((st, j) => (st === "ok" ? [] : [`#${i}.${j} ${st}`])),
      );
      if (notOk.length) console.log(`\n${r.session.id}: calls not ok: ${notOk.join(", ")}`);
      for (const e of r.errors) console.log(`  ${e}`);
      const slow = r.timings.filter((t) => t.ms > 2000);
      if (slow.length)
        console.log(
          `  slow calls: ${slow.map((t) => `${t.at} ${t.op} ${t.ms} ms (checks after it ran ${t.checksMs} ms)`).join("; ")}`,
        );
      for (const f of r.fired) {
        const label = labelFor(f, r.session.labels);
        console.log(
          `\n${r.session.id} #${f.batch}.${f.call} ${f.diagnostic.severity} ${f.diagnostic.code} [${label?.verdict ?? (divergedFor(f, r.session.diverged) ? "diverged" : "unlabeled")}]: ${f.diagnostic.message}`,
        );
      }
    }
}

main().catch((error: unknown) => {
  console.error("evalSessions crashed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
