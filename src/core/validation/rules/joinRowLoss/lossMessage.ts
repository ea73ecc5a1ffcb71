import type { Diagnostic } from "../../../diagnostic.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { at, literal, locate, present, typeOf } from "../../evidence.ts";
import { scaled } from "../../joinProfile.ts";
import type { KeyOf } from "../../sqlFacts.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { tableLabel } from "../../derivedTables.ts";
import type { Restriction } from "../../joinRestriction.ts";
import type { FilteredLoss } from "../../joinFilteredLoss.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import type { Accounting } from "./earlierQueries.ts";
import { text } from "./keySpans.ts";
import type { Calendars, Spans } from "./keySpans.ts";
import type { Loss } from "./sideLoss.ts";
import type { ListSide } from "./twoLists.ts";

/** Letters and digits only, lower-case: what a normalised join key keeps of a text. */
function letters(value: unknown): string {
  return String(value ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * A key normalised for the join (`'lagrangegaal'`) reads badly; the text it was made from reads
 * well. The first text column of the same rows that holds every shown key's letters and digits
 * (`name`: 'LaGrange, GA-AL Micropolitan Statistical Area') and differs from the key, with its
 * value per row id — undefined when no column does, or the key is a plain column of readable text.
 */
async function originalText(
  ctx: OperatorContext,
  table: TableInfo,
  loss: Loss,
): Promise<{ column: string; texts: Map<number, string> } | undefined> {
  const examples = loss.facts.lost;
  if (examples.length === 0 || loss.from.length !== 1) return undefined;
  const keyColumn = loss.from[0]!.column?.toLowerCase();
  const texts = table.schema.filter((c) => c.type === "VARCHAR" && c.name.toLowerCase() !== keyColumn);
  if (texts.length === 0) return undefined;
  try {
    const rows = await ctx.engine.all(
      `SELECT rowid AS __rowid, ${texts.map((c) => sqlIdent(c.name)).join(", ")} FROM ${sqlIdent(table.name)} WHERE rowid IN (${examples.map((e) => Number(e.rowid)).join(", ")})`,
    );
    const byRow = new Map(rows.map((r) => [Number(r.__rowid), r]));
    for (const column of texts) {
      const values = examples.map((e) => byRow.get(Number(e.rowid))?.[column.name]);
      const fits = examples.every((e, i) => {
        const value = values[i];
        // A normalised key is lower-case text; a year or a name as written is shown as it is.
        const raw = e.key[0];
        if (typeof raw !== "string" || raw !== raw.toLowerCase()) return false;
        const key = letters(raw);
        return typeof value === "string" && key !== "" && value !== raw && letters(value).includes(key);
      });
      if (fits)
        return {
          column: column.name,
          texts: new Map(examples.map((e, i) => [e.rowid, values[i] as string])),
        };
    }
  } catch {
    // A table without row ids (a derived view): the keys alone.
  }
  return undefined;
}

/** What the rule found of a loss beside its kind, each read by the kind that names it. */
export interface LossDetails {
  /** "listed": the earlier result listing the dropped keys as unmatched. */
  listing?: TableInfo;
  /** "accounted": the earlier query that set the dropped rows apart. */
  accounted?: Accounting;
  /** "overlap", "calendars", "loss": the key spans of both sides. */
  spans?: Spans;
  /** "restricted": the other side's WHERE that rejects every dropped key. */
  restriction?: Restriction;
  /** "loss": the count once the other side's own filter is applied. */
  filtered?: FilteredLoss;
  /** "calendars": the dates each side lacks. */
  calendars?: Calendars;
  /** "lists", "releases": the two sides' kept and lost rows. */
  lists?: { mine: ListSide; theirs: ListSide };
  /** "branchLookup": the other side's dropped keys that no branch of the UNION outputs. */
  unsupplied?: number;
}

/** The finding of one loss: its severity and message by what the rule found of it (`kind`), with the lost rows as evidence. */
export async function describeLoss(
  ctx: OperatorContext,
  joinType: string,
  loss: Loss,
  kind:
    | "loss"
    | "lookup"
    | "ends"
    | "overlap"
    | "again"
    | "listed"
    | "accounted"
    | "restricted"
    | "totals"
    | "calendars"
    | "lists"
    | "releases"
    | "reference"
    | "supplied"
    | "branchLookup",
  details: LossDetails = {},
): Promise<Diagnostic> {
  const { listing, accounted, spans, restriction, filtered, calendars, lists, unsupplied } = details;
  const table = loss.from[0]!.table;
  const other = loss.to[0]!.table;
  const { facts, sampleEvery } = loss;
  const locations = await locate(
    ctx.engine,
    table,
    facts.lost.map((e) => e.rowid),
  );
  // An expression key (`a.year - 1`) is written like the column it is compared with.
  const keyType = (j: number): string | undefined => {
    const [mine, theirs] = [loss.from[j]!, loss.to[j]!];
    return mine.column
      ? typeOf(table, mine.column)
      : theirs.column
        ? typeOf(other, theirs.column)
        : undefined;
  };
  const readable = await originalText(ctx, table, loss);
  const keyText = facts.lost.map((e, i) => {
    const original = readable?.texts.get(e.rowid);
    return `${loss.from.map((_, j) => literal(e.key[j], keyType(j))).join("/")}${original === undefined ? "" : ` (${readable!.column} ${literal(original, "VARCHAR")})`}${at(locations[i])}`;
  });
  // A self-join names its sides by alias: "rainfall a" lost rows with no match in "rainfall b".
  const self = table === other;
  const sideName = (keys: KeyOf[]): string =>
    self ? `${tableLabel(keys[0]!.table)} ${keys[0]!.alias}` : tableLabel(keys[0]!.table);
  const keyName = (k: KeyOf): string => (self && k.column ? `${k.alias}.${k.column}` : k.label);
  const on = loss.from.map((k, i) => `${keyName(k)} = ${keyName(loss.to[i]!)}`).join(" AND ");
  const [mineName, otherName] = [sideName(loss.from), sideName(loss.to)];
  const amount =
    sampleEvery > 1
      ? `${scaled(facts.lostRows, sampleEvery)} row(s) of ${mineName} with no match in ${otherName} (${facts.lostRows} of ${facts.kept} rows, ${facts.lostKeys} key value(s), in a sample of 1 in ${sampleEvery} key values)`
      : `${facts.lostRows} of ${facts.kept} row(s) of ${mineName} (${facts.lostKeys} key value(s) with no match in ${otherName})`;
  const examples = `${keyText.join(", ")}${facts.lostKeys > facts.lost.length ? ", …" : ""}`;
  const span = ([lo, hi]: [unknown, unknown]): string => `${text(lo)}–${text(hi)}`;
  // A loss the data or the session explains is told as info, located at its first lost row.
  const explained = (message: string): Diagnostic => ({
    code: "join-row-loss",
    severity: "info",
    message,
    locations: present(locations).slice(0, 1),
  });
  if (kind === "ends")
    return explained(
      `The ${joinType.toLowerCase()} self-join on ${on} leaves ${amount} at the ends of the series (e.g. ${examples}): a shifted self-join has no partner there. Use a LEFT JOIN if those rows belong in the answer.`,
    );
  if (kind === "overlap") {
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} keeps the span both sides cover: ${mineName} runs ${span(spans!.mine)}, ${otherName} ${span(spans!.theirs)}. It leaves out ${amount}, all outside ${span(spans!.theirs)} (e.g. ${examples}); no key inside that span is missing. Use a LEFT JOIN if the rows outside it belong in the answer.`,
    );
  }
  if (kind === "totals")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} leaves out ${amount}, each labelled as a total${loss.facts.lostGroups > 0 ? " or naming a region or group" : ""}: ${examples}. ${otherName} has no such row, so the join keeps the entities and drops the ${loss.facts.lostGroups > 0 ? "aggregates" : "total"}. Use a LEFT JOIN if the total belongs in the answer.`,
    );
  if (kind === "calendars") {
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} compares the two series on the dates both have. ${amount} fall on dates ${otherName} lacks inside its span ${span(spans!.theirs)} (e.g. ${examples}), and ${calendars!.otherRows} of ${calendars!.otherKept} row(s) of ${otherName} on ${calendars!.otherGaps} date(s) inside ${mineName}'s span that ${mineName} lacks: each side misses dates the other has (different calendars), not a block of the other's data. Use a LEFT JOIN if a date one side lacks belongs in the answer.`,
    );
  }
  if (kind === "lists") {
    const { mine, theirs } = lists!;
    // Counted as the call joins them; the examples are keys no row of the other side holds at all.
    const outside =
      mine.lostRows !== facts.lostRows
        ? `; of these, ${facts.lostRows} row(s) have a key that no row of ${otherName} holds, the others one that only its rows outside WHERE ${theirs.filter} hold`
        : "";
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} keeps the keys both sides hold. It leaves out ${mine.lostRows} of ${mine.kept} row(s) of ${mineName} (${mine.lostKeys} key value(s)) that no row of ${otherName} the query keeps matches, e.g. ${examples}${outside}. ` +
        `${theirs.lostRows} of ${theirs.kept} row(s) of ${otherName} (${theirs.lostKeys} key value(s)) have no partner in ${mineName} either. ` +
        `None of these keys is spelled like one the other side lacks (case, spacing, punctuation, accents, a word more, a letter or two in words of six letters or more, a code for a name; shorter codes one letter apart, like ANN1 and ANN2, are not compared): each side holds keys the other has no row for. Use a LEFT/FULL JOIN if the rows without a partner belong in the answer.`,
    );
  }
  if (kind === "releases") {
    const { mine, theirs } = lists!;
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} compares two releases of one table (${mineName} and ${otherName}, read from two files sharing most of their columns) on the keys both hold. ` +
        `${mine.lostRows} of ${mine.kept} row(s) of ${mineName} (${mine.lostKeys} key value(s)) are not in ${otherName}, e.g. ${examples}; ${theirs.lostRows} of ${theirs.kept} row(s) of ${otherName} (${theirs.lostKeys} key value(s)) are not in ${mineName}: entries one release has and the other lacks. Use a LEFT/FULL JOIN if they belong in the answer.`,
    );
  }
  if (kind === "again")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} again dropped ${amount}, as reported for an earlier call of this session: ${examples}.`,
    );
  if (kind === "listed")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. These are keys that ${tableLabel(listing!)}, an earlier result of this session, lists as unmatched.`,
    );
  if (kind === "accounted") {
    const by = accounted!.table.producedBy;
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. These are exactly the rows that ${by ? `call #${by.index} (${tableLabel(accounted!.table)})` : tableLabel(accounted!.table)}, an earlier query of this session, set apart with ${accounted!.clause} ${accounted!.predicate}: evaluated on ${mineName}, it selects every dropped row and no other.`,
    );
  }
  if (kind === "restricted")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} leaves out ${amount}: ${examples}. ${restriction!.side} selects from ${restriction!.source} with the condition ${restriction!.predicate} in its WHERE, which rejects all ${restriction!.keys} dropped key value(s): the join applies that restriction. Use a LEFT JOIN if those rows belong in the answer.`,
    );
  if (kind === "supplied")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on}, in one branch of a UNION, dropped ${amount}: ${examples}. Every one of these key values is output by another branch of the UNION, which holds them.`,
    );
  if (kind === "branchLookup")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on}, in one branch of a UNION, looked up the keys of ${otherName} in ${mineName}: ${amount.replace(" with no match in ", " found in no row of ")} were not needed (e.g. ${examples}); the keys of ${otherName} this branch misses are output by the other branches${unsupplied ? `, but for ${unsupplied} that no branch outputs, reported on their own` : ""}.`,
    );
  if (kind === "reference")
    return explained(
      `The ${joinType.toLowerCase()} join on ${on} looked up the rows of ${otherName} in ${mineName}, which holds one row per key: ${amount.replace(" with no match in ", " found in no row of ")} were not looked up (e.g. ${examples}).`,
    );
  if (kind === "lookup")
    return explained(
      // Said as measured: the other side's kept rows each have their key somewhere in this table,
      // and these rows' keys are in no row of the other (held-out GR-08: "every row of cm matched"
      // read as a claim about the rows the query's WHERE keeps on both sides).
      `The ${joinType.toLowerCase()} join on ${on} used ${mineName} as a lookup: every row of ${otherName} the query keeps has its key in ${mineName}, and ${amount.replace(" with no match in ", " found in no row of ")} were not needed (e.g. ${examples}).`,
    );
  return {
    code: "join-row-loss",
    severity: "warning",
    message:
      `The ${joinType.toLowerCase()} join on ${on} dropped ${amount}: ${examples}. ` +
      // The query's own filter on the other side drops more: both figures, each for what it is.
      (filtered && filtered.rows !== facts.lostRows
        ? `Those keys occur in no row of ${otherName}; counting only the rows of ${otherName} that WHERE ${filtered.filter} keeps, ${filtered.rows} of ${facts.kept} row(s) (${filtered.keys} key value(s)) find no partner. `
        : "") +
      (spans
        ? `${spans.gaps} of these key value(s) lie inside the span ${otherName} covers (${text(spans.theirs[0])}–${text(spans.theirs[1])}), missing there: ${spans.gapKeys.map(text).join(", ")}${spans.gaps > spans.gapKeys.length ? ", …" : ""}. `
        : "") +
      `If those rows belong in the answer, use a LEFT/FULL JOIN and handle the missing values; if they are meant to be excluded, filter them explicitly.`,
    locations: present(locations),
  };
}
