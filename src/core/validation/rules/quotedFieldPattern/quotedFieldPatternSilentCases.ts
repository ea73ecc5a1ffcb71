import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { bash } from "../../cases/caseCalls.ts";

/** A conflict register that quotes every field, as UCDP/PRIO's CSV does. */
const QUOTED = [
  '"conflict_id","location","year","intensity_level"',
  '"333","Afghanistan","2020","2"',
  '"333","Afghanistan","2021","2"',
  '"11342","India","2021","1"',
  '"218","Myanmar (Burma), Shan","2021","1"',
  "",
].join("\n");

/** The silent-error suite's cases of `quoted-field-pattern` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const quotedFieldPatternSilentCases = silentCasesOf("quoted-field-pattern", ({ flagged, clean }) => [
  flagged("grep -c ',2021,' over a file that quotes every field counts 0", { "conflicts.csv": QUOTED }, [
    bash("grep -c ',2021,' conflicts.csv"),
  ]),
  flagged(
    "a country between delimiters grepped through a pipe over the quoted file lists no line",
    { "conflicts.csv": QUOTED },
    [bash("cat conflicts.csv | grep ',India,'")],
  ),
  clean("the quotes written into the pattern: 3 rows counted", { "conflicts.csv": QUOTED }, [
    bash("grep -c ',\"2021\",' conflicts.csv"),
  ]),
  clean(
    "the same pattern over the file written without quotes",
    { "conflicts_plain.csv": QUOTED.replace(/"/g, "").replace("Myanmar (Burma), Shan", "Myanmar") },
    [bash("grep -c ',2021,' conflicts_plain.csv")],
  ),
]);
