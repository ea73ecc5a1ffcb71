/** Developer tool: runs the silent-error cases whose name or code matches a pattern and prints what they produced. */
import { judgeSilentCase, runSilentCase } from "../test/silent/runSilentCase.ts";
import { holdoutCases } from "../test/silent/holdoutCases.ts";
import { silentCases } from "../test/silent/silentCases.ts";

async function main(): Promise<void> {
  const pattern = new RegExp(process.argv[2] ?? ".", "i");
  let failures = 0;
  // HOLDOUT=1 runs the held-out cases instead.
  const cases = process.env.HOLDOUT ? holdoutCases : silentCases;
  for (const c of cases.filter((x) => pattern.test(`${x.code} ${x.name}`))) {
    const run = await runSilentCase(c);
    const pass = judgeSilentCase(c, run);
    if (!pass) failures++;
    console.log(
      `${pass ? "PASS" : "FAIL"} [${c.code}] ${c.expect}: ${c.name}  statuses=${run.statuses.join(",")}`,
    );
    if (!pass || process.env.VERBOSE)
      for (const d of run.diagnostics) console.log(`    ${d.severity} ${d.code}: ${d.message.slice(0, 600)}`);
    for (const e of run.errors) console.log(`    ! ${e}`);
  }
  console.log(`${failures} failing`);
}

void main();
