// A node:test reporter that writes the run's counts as one JSON object, and each skipped test with
// its reason, for scripts/runTests.mjs (which prints them and fails a CI run that skipped any).
// Reporters are loaded as a module's default export: the runner's contract, not a style choice.
export default async function* countReporter(source) {
  const counts = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0, skippedTests: [] };
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const data = event.data;
    // Suites (describe) report as tests too; count the tests inside them only.
    if (data.details?.type === "suite") {
      if (data.skip !== undefined) {
        counts.skipped++;
        counts.skippedTests.push({ file: data.file, name: data.name, reason: reasonOf(data.skip) });
      }
      continue;
    }
    counts.tests++;
    if (data.skip !== undefined) {
      counts.skipped++;
      counts.skippedTests.push({ file: data.file, name: data.name, reason: reasonOf(data.skip) });
    } else if (data.todo !== undefined) counts.todo++;
    else if (event.type === "test:pass") counts.pass++;
    else counts.fail++;
  }
  yield JSON.stringify(counts);
}

function reasonOf(skip) {
  return typeof skip === "string" && skip !== "" ? skip : "no reason given";
}
