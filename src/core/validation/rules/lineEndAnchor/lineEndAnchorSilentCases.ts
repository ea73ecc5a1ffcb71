import { silentCasesOf } from "../../cases/caseBuilder.ts";
import { bash } from "../../cases/caseCalls.ts";

/** A refugee table exported on Windows: its lines end in CR LF; two cells hold the `*` of a suppressed value. */
const CRLF = [
  "origin,type,2013",
  "Somalia,Refugees,1200",
  "Stateless,Stateless,*",
  "Syria,Refugees,*",
  "",
].join("\r\n");

/** The silent-error suite's cases of `line-end-anchor` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const lineEndAnchorSilentCases = silentCasesOf("line-end-anchor", ({ flagged, clean }) => [
  flagged("grep -c for the rows ending in '*' over a CR LF file counts 0", { "unhcr.csv": CRLF }, [
    bash("grep -c ',\\*$' unhcr.csv"),
  ]),
  flagged("the same pattern through a pipe (cat | grep) lists no row", { "unhcr.csv": CRLF }, [
    bash("cat unhcr.csv | grep 'Refugees,\\*$'"),
  ]),
  clean("the CRs removed before the anchored grep: 2 rows counted", { "unhcr.csv": CRLF }, [
    bash("cat unhcr.csv | tr -d '\\r' | grep -c ',\\*$'"),
  ]),
  clean(
    "the same anchored grep over a file with LF line ends",
    { "unhcr_lf.csv": CRLF.replace(/\r\n/g, "\n") },
    [bash("grep -c ',\\*$' unhcr_lf.csv")],
  ),
  clean(
    "an anchored grep whose last part takes the CR in ([^,]*$) finds nothing because of its digit count, not the CR",
    { "unhcr.csv": CRLF },
    [bash("grep -c '^[A-Z][a-z]*,[A-Za-z]*,[0-9][0-9][0-9][0-9][0-9][^,]*$' unhcr.csv")],
  ),
  flagged(
    "an anchored grep that ends in a literal over a CR LF file: the CR is why it finds nothing",
    { "unhcr.csv": CRLF },
    [bash("grep -c '^[A-Z][a-z]*,Refugees,[0-9]*0$' unhcr.csv")],
  ),
  clean(
    "an inverted count of lines not ending in '*' after blanks: \\s* takes the CR in, so the CR decides nothing (held-out KL-08)",
    { "unhcr.csv": CRLF },
    [bash("grep '\\*' unhcr.csv | grep -vc '\\*\\s*$'")],
  ),
  flagged(
    "its twin: an inverted count whose pattern ends in a character the CR fills ('\\*.$'): the CR decides that every line matches",
    { "unhcr.csv": CRLF },
    [bash("grep '\\*' unhcr.csv | grep -vc '\\*.$'")],
  ),
]);
