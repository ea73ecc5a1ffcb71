import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { scan, probe, bash, scanThenQuery } from "../../cases/caseCalls.ts";
import { IDT_RANKINGS, PAYMENT_METHOD, MSA_IDT } from "../../cases/legalLake.ts";
import { FRAUD_TOP, SALES, fraudTopPopulation } from "../../cases/sharedLakes.ts";

/** The silent-error suite's cases of `unknown-column` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unknownColumnSilentCases = silentCasesOf("unknown-column", ({ flagged, clean }) => [
  flagged("copies the header cell from `head` with its padding spaces (' Total $ Loss ')", legal, [
    bash(`head -n 4 "${PAYMENT_METHOD}"`),
    ...scanThenQuery({ payment: PAYMENT_METHOD }, 'SELECT "Payment Method", " Total $ Loss " FROM payment'),
  ]),
  flagged(
    "calls the count column Reports (it is '# of Reports')",
    legal,
    scanThenQuery({ idt: IDT_RANKINGS }, "SELECT State, Reports FROM idt ORDER BY Reports DESC LIMIT 5"),
  ),
  flagged(
    "a column name with a space left unquoted",
    legal,
    scanThenQuery({ ga: `${MSA_IDT}/Georgia.csv` }, 'SELECT Metropolitan Area, "# of Reports" FROM ga'),
  ),
  flagged(
    "takes the population from the wrong side of a join",
    {
      "fraud_top.csv": FRAUD_TOP,
      "population.csv": fraudTopPopulation("Maryland"),
    },
    scanThenQuery(
      { fraud: "fraud_top.csv", pop: "population.csv" },
      'SELECT f.State, f."# of Reports", f.Population FROM fraud f JOIN pop p ON p.State = f.State',
    ),
  ),
  flagged(
    "a CTE column used under another name than its alias",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'WITH t AS (SELECT State, "# of Reports" AS reports FROM idt) SELECT State, n_reports FROM t ORDER BY n_reports DESC LIMIT 5',
    ),
  ),
  flagged("probes a column of another file", legal, [
    scan(IDT_RANKINGS, "idt"),
    probe("idt", ["Total $ Loss"]),
  ]),
  clean("quoted names with spaces and symbols", legal, [
    ...scanThenQuery(
      { ga: `${MSA_IDT}/Georgia.csv` },
      'SELECT "Metropolitan Area", "# of Reports" FROM ga ORDER BY "# of Reports" DESC LIMIT 3',
    ),
    probe("ga", ["Metropolitan Area", "# of reports"]),
  ]),
  clean(
    "other letter case, quoted or not (DuckDB names are case-insensitive)",
    legal,
    scanThenQuery(
      { idt: IDT_RANKINGS },
      'SELECT i.state, i."REPORTS PER 100K POPULATION" AS rate FROM idt AS i WHERE i.RANK <= 3',
    ),
  ),
  clean(
    "a derived table's column through its alias, and an ORDER BY on a select alias",
    { "sales.csv": SALES },
    scanThenQuery(
      { sales: "sales.csv" },
      "SELECT t.region, t.total FROM (SELECT region, sum(amount) AS total FROM sales GROUP BY region) AS t ORDER BY total DESC",
    ),
  ),
]);
