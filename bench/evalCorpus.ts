// The corpus of awkward but real-world inputs (test/corpus): maps each case's lake with the built
// CLI in a child process (a per-case time limit, so a hang is counted, not suffered) and prints
// `mapped · flagged · crashed · hung · wrong`. Run as `npm run eval:corpus`; options:
//   --only a,b      just these cases (names or owners: layout, formats, speed)
//   --verbose       one line per case, with what differed
//   --json          the results as JSON
//   --concurrency N cases mapped at once (default 2)
//   --cli FILE      another build of the CLI (e.g. a copy of an older build, for before/after figures)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { allCases } from "../test/corpus/allCases.ts";
import type { CaseResult } from "../test/corpus/corpusCase.ts";
import { runCorpus, summarize } from "../test/corpus/runCorpus.ts";
import { repoRoot } from "../test/helpers/tempLake.ts";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const only = argValue("--only")?.split(",");
const verbose = process.argv.includes("--verbose");
const json = process.argv.includes("--json");
const cli = argValue("--cli") ?? join(repoRoot, "dist/cli.cjs");
if (!existsSync(cli)) {
  process.stderr.write("dist/cli.cjs is missing: run `npm run build` first (npm run eval:corpus does).\n");
  process.exit(2);
}
const cases = only ? allCases.filter((c) => only.includes(c.name) || only.includes(c.owner)) : allCases;

const line = (r: CaseResult): string =>
  `${r.right ? "ok  " : "FAIL"} ${r.outcome.padEnd(7)} ${r.name} [${r.owner}] ${r.ms} ms${r.pending ? ` (pending: ${r.pending})` : ""}${r.problems.length && !r.right ? `\n       ${r.problems.join("\n       ")}` : ""}\n`;

async function main(): Promise<void> {
  const results = await runCorpus(cases, {
    cli,
    concurrency: Number(argValue("--concurrency") ?? 2),
    onResult: (r) => {
      if (verbose && !json) process.stdout.write(line(r));
    },
  });
  if (json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else {
    if (!verbose) for (const r of results.filter((x) => !x.right)) process.stdout.write(line(r));
    process.stdout.write(`\n${summarize(results)}\n`);
    for (const owner of [...new Set(results.map((r) => r.owner))])
      process.stdout.write(`  ${owner}: ${summarize(results.filter((r) => r.owner === owner))}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
