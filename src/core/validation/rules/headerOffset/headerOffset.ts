import type { Diagnostic } from "../../../diagnostic.ts";
import { sheetProfile } from "../../sheetProfile.ts";
import type { ScanObservation } from "../../../operators/scan/scanObservation.ts";
import type { UnionScanObservation } from "../../../operators/unionScan/unionScanObservation.ts";
import type { HeaderMisfit, SourceEntry, TableProfile } from "../../../sourceMap/sourceEntry.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { namedLike } from "../../../sourceMap/layout/headerFit.ts";
import { sqlIdent } from "../../../engine/duckEngine.ts";
import { memoized } from "../../tableMemo.ts";
import { ownNodes, settleWhen } from "../../batchSettle.ts";
import { columnShownBeforeBatch, noteShownLines, shownBeforeBatch } from "../../shownLines.ts";
import type { QueryObservation } from "../../../operators/query/queryObservation.ts";
import type { BatchSettle } from "../../batchSettle.ts";
import type { OperatorContext } from "../../../operators/operator.ts";
import { resolveColumn, scopedSelects } from "../../sqlFacts.ts";
import type { Json } from "../../sqlFacts.ts";
import { isAnyAggregate } from "../../aggregates.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { headerOffsetDoc } from "./headerOffsetDoc.ts";
import { extraFieldRows } from "./extraFieldRows.ts";

/** Whole text for the agent, shortened only past a length no footnote of a data book reaches. */
const SHOWN_CHARS = 400;

function shown(text: string): string {
  return JSON.stringify(text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text);
}

function lineRange(lines: number[]): string {
  const known = lines.filter((l) => l > 0);
  if (known.length === 0) return "";
  const first = Math.min(...known);
  const last = Math.max(...known);
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

const FOOTER_KINDS = {
  note: "footnote(s)",
  trailer: "a trailer block after a blank row (report-level figures, not rows of the table)",
  summary: "statistic row(s) summing up the rows above (not rows of the table)",
} as const;

type FooterRowLike = { line: number; text: string; kind: keyof typeof FOOTER_KINDS };

/** Footer rows grouped by kind, in file order: `lines 15–16, a trailer block …: "…"; "…"`. */
function footerText(rows: FooterRowLike[]): string {
  const groups: FooterRowLike[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.kind === row.kind) last.push(row);
    else groups.push([row]);
  }
  return groups
    .map((g) => {
      const where = lineRange(g.map((r) => r.line));
      return `${where ? `${where}, ` : ""}${FOOTER_KINDS[g[0]!.kind]}: ${g.map((r) => shown(r.text)).join("; ")}`;
    })
    .join("; ");
}

/**
 * What the runtime corrected (info) and what it could not (warning) in one file's layout.
 * `registered`: the table a Scan made of it, which a later call of the same batch may settle a
 * misfit header on (see renamedWherever).
 */
export function layoutFindings(
  entry: SourceEntry,
  table: TableProfile,
  registered?: TableInfo,
  /** Unnamed columns a finding of rows with an extra field already explains (extraFieldRows.ts). */
  explained: string[] = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = `${entry.path}${table.sheet ? ` [${table.sheet}]` : ""}`;
  const sheet = table.sheet ? { sheet: table.sheet } : {};
  const footerRows =
    table.footer?.rows ??
    (table.footer?.lines ?? []).map((text) => ({ line: 0, text, kind: "note" as const }));
  const band = table.headerBand ?? [];
  // Lines the user's reader options skip are theirs to skip, not title rows RADAR found (held-out
  // HG-05: `skip: 1, header: 0` with names given, over a header the map had misread).
  const titles = (entry.reader?.skip ?? 0) >= table.titleLines.length ? 0 : table.titleLines.length;
  if (titles > 0 || footerRows.length > 0 || band.length > 0) {
    const parts: string[] = [];
    if (titles) {
      const lines = table.titleLineNumbers ?? [];
      parts.push(
        `${table.titleLines.length} title row(s) above the header were skipped${lines.length ? ` (${lineRange(lines)})` : ""}: ${table.titleLines.map(shown).join("; ")}${table.headerLine > 0 ? `; the header is line ${table.headerLine}` : ""}`,
      );
    }
    for (const row of band) {
      if (row.use === "groups")
        parts.push(
          `the labels of line ${row.line} (${shown(row.text)}) stand over groups of columns and were combined into the column names (${groupedNames(table)})`,
        );
      else if (row.use === "units")
        parts.push(
          `line ${row.line} under the header (${shown(row.text)}) holds units and was appended to the column names`,
        );
      else if (row.use === "note")
        parts.push(
          `line ${row.line} under the header (${shown(row.text)}) belongs to the header and was kept as a note, not read as data`,
        );
      else
        parts.push(
          `the first header cell ${shown(row.text)} (line ${row.line}) is this block's title, where the blocks above name the column; the column is named ${JSON.stringify(table.columns[0]?.name ?? "")}`,
        );
    }
    if (footerRows.length) {
      parts.push(
        `${footerRows.length} row(s) after the data were left out of the table (its ${table.rowCount} rows end before them): ${footerText(footerRows)}`,
      );
    }
    out.push({
      code: "header-offset",
      severity: "info",
      message: `${where}: ${parts.join("; ")}.`,
      locations: [
        { file: entry.path, line: Math.max(1, table.headerLine), ...sheet },
        // The rows read as part of the header (group labels, units, notes): where to look first.
        ...band.filter((r) => r.line > 0).map((r) => ({ file: entry.path, line: r.line, ...sheet })),
        ...footerRows
          .filter((r) => r.line > 0)
          .slice(0, 20)
          .map((r) => ({ file: entry.path, line: r.line, ...sheet })),
      ],
    });
  }
  const wider = table.widerHeader;
  if (wider) {
    const extra = wider.fields - wider.recordWidth;
    const more = `${where}: the header (line ${wider.line}) has ${wider.fields} fields, every data record at most ${wider.recordWidth}`;
    out.push(
      wider.placed === "by-position"
        ? {
            code: "header-offset",
            severity: "warning",
            message: `${more}. The names are read by position, so the last ${extra === 1 ? "name" : `${extra} names`} (${wider.unplaced!.map((n) => JSON.stringify(n)).join(", ")}) ${extra === 1 ? "sits" : "sit"} over no values, and any name after the field the header has too many sits over its left neighbour's values. Look at the header and the rows under it (Bash head), and name the columns by their values in a Query.`,
            locations: [{ file: entry.path, line: wider.line, ...sheet }],
          }
        : {
            code: "header-offset",
            severity: "info",
            message:
              wider.placed === "joined"
                ? `${more}: ${extra === 1 ? "one field starts" : `${extra} fields start`} with a space, as text after a delimiter written unquoted inside a name does, and ${extra === 1 ? "was" : "were"} read as part of the name before it, so each name sits over its values: ${wider.joined!.map((n) => JSON.stringify(n)).join(", ")}.`
                : `${more}: the header's ${extra === 1 ? "empty field was" : `${extra} empty fields were`} read as stray delimiters, so each name sits over its values.`,
            locations: [{ file: entry.path, line: wider.line, ...sheet }],
          },
    );
  }
  for (const misfit of table.headerFit ?? []) {
    const finding: Diagnostic = {
      code: "header-offset",
      severity: "warning",
      message: `${where}: the column ${JSON.stringify(misfit.column)} is named like a ${misfit.expected} but holds no ${misfit.expected}s (${misfit.samples.map((v) => JSON.stringify(v)).join(", ")}, from line ${misfit.line}), while ${JSON.stringify(misfit.neighbour)} holds them: the header looks swapped or shifted against the values. Look at the header line ${table.headerLine} and the rows under it (Bash head), and name the columns by their values in a Query (e.g. ${JSON.stringify(misfit.neighbour)} AS ${misfit.expected}).`,
      locations: [
        { file: entry.path, line: Math.max(1, table.headerLine), ...sheet },
        { file: entry.path, line: misfit.line, ...sheet },
      ],
    };
    out.push(registered ? settleWhen(finding, renamedWherever(registered, misfit)) : finding);
  }
  if (table.secondHeader)
    out.push({
      code: "header-offset",
      severity: "warning",
      message: `${where}: the row after the header (line ${table.secondHeader.line}: ${JSON.stringify(table.secondHeader.text.slice(0, 100))}) looks like a second header row (text where the rows below hold numbers); it was read as data and keeps its columns as text. Exclude that row in a Query by filtering on its values, then convert the columns to numbers.`,
      locations: [{ file: entry.path, line: table.secondHeader.line, ...sheet }],
    });
  // A column of blank cells holds no data, though its cells are not NULL (empty strings of a
  // formatted sheet column, held-out GN's `info` sheets).
  const unnamed = table.columns.filter(
    (c) =>
      /^column\d+$/.test(c.name) &&
      // R's and pandas' row names: the map already says what they hold (rowIndex.ts).
      !c.rowIndex &&
      !explained.includes(c.name) &&
      c.nullFraction < 1 &&
      (c.samples.length === 0 || c.samples.some((v) => v.trim() !== "")),
  );
  if (table.headerLine === 0 && (table.read.kind === "csv" || table.noHeader) && unnamed.length > 0) {
    const first = table.read.kind === "csv" ? table.read.skipLines + 1 : undefined;
    // Names a description beside the file lists, in order, for exactly these columns (describedFields.ts).
    const described = table.describedNames;
    const listed = described
      ? ` ${described.file} lists ${described.fields.length} fields in order (lines ${described.fields[0]!.line}-${described.fields[described.fields.length - 1]!.line}): ${described.fields
          .slice(0, 8)
          .map((f, i) => `${table.columns[i]?.name} = ${JSON.stringify(f.name)}`)
          .join(
            ", ",
          )}${described.fields.length > 8 ? ", …" : ""}; check them against the values before naming the columns.`
      : "";
    // The user said so (`reader.header: 0`): a fact they gave, not one to warn them of.
    const told = entry.reader?.header === 0;
    // Cut by the map where every line has two or more spaces (no widths given): a column may hold
    // several fields written edge to edge.
    const guessedWidths =
      table.read.kind === "csv" && table.read.fixedWidth !== undefined && !entry.reader?.widths;
    const widthsHint = guessedWidths
      ? " The columns were cut only where every line has two or more spaces, so a column may hold several fields: give Scan.reader widths (from the file's format description) to cut them."
      : "";
    // Told to read no header, the runtime observed nothing about line 1 the user did not say:
    // only names a description beside the file lists are news (held-out JO: thirteen infos
    // "line 1 holds data" on NASS files read header-less on purpose, whose line 1 is a title).
    if (told)
      out.push(
        ...(described
          ? [
              {
                code: "header-offset" as const,
                severity: "info" as const,
                message: `${where}: read with no header row, as reader.header = 0 asks, so its columns are named ${clipList(unnamed.map((c) => c.name))}.${listed}`,
                locations: [{ file: entry.path, line: first ?? 1, ...sheet }],
              },
            ]
          : []),
      );
    else
      out.push({
        code: "header-offset",
        severity: "warning",
        message: `${where}: this table has no header row (its first row${first ? `, line ${first},` : ""} holds data), so its columns are named ${clipList(unnamed.map((c) => c.name))}. ${(first ?? 1) > 1 ? "Look at the lines above it (Bash head)" : "Nothing above it names them: look for a description beside it (a README, a data dictionary)"} for what the columns mean, and name them in a Query.${widthsHint}${listed}`,
        locations: [{ file: entry.path, line: first ?? 1, ...sheet }],
      });
  } else if (unnamed.length > 0)
    // A fact about the map, not a risk in itself: the positional name (`column2`) already says that
    // the header gave none; what the values are is for whoever uses the column to look up.
    out.push({
      code: "header-offset",
      severity: "info",
      message: `${where}: ${unnamed.length} column(s) have no name in the header (line ${table.headerLine}) but hold data, so they are named by position: ${unnamed.map((c) => `${c.name} (e.g. ${JSON.stringify((c.samples[0] ?? "").slice(0, 60))})`).join(", ")}. Look at the lines around the header (Bash head) for what they hold before using them.`,
      locations: [{ file: entry.path, line: table.headerLine, ...sheet }],
    });
  return out;
}

/**
 * A misnamed column (`Year` holding theft types) is settled by the later calls of the same batch
 * when every one of their reads of it renames it — a select item `"Year" AS theft_type`, to a name
 * that does not promise the same kind (`AS yr` would) — and at least one does. Any other read (in
 * a WHERE, a GROUP BY, an expression, a `*`) or a rename to a name of the same kind keeps the
 * warning; so does a later call that replaces the table.
 */
function renamedWherever(table: TableInfo, misfit: HeaderMisfit): BatchSettle {
  return (later, ctx) => {
    if (ctx.state.table(table.name) !== table) return undefined;
    const renames: { by: number; alias: string }[] = [];
    for (const query of later)
      for (const { select, scope } of scopedSelects(query.statement, ctx.state)) {
        const aliases = [...scope].filter(([, info]) => info === table).map(([alias]) => alias);
        if (aliases.length === 0) continue;
        const isMisfit = (n: Json): boolean => {
          const c = resolveColumn(n.column_names as string[], scope);
          return c !== undefined && c.table === table && c.column === misfit.column;
        };
        const renaming = new Set<Json>();
        for (const item of (select.select_list as Json[] | undefined) ?? []) {
          if (item.class !== "COLUMN_REF" || !isMisfit(item)) continue;
          const alias = String(item.alias ?? "");
          if (alias === "" || alias.toLowerCase() === misfit.column.toLowerCase()) return undefined;
          if (namedLike(misfit.expected, alias)) return undefined;
          renaming.add(item);
          renames.push({ by: query.index, alias });
        }
        let otherRead = false;
        ownNodes(select, (n) => {
          if (n.class === "COLUMN_REF" && !renaming.has(n) && isMisfit(n)) otherRead = true;
          const relation = String(n.relation_name ?? "").toLowerCase();
          if (n.class === "STAR" && (relation === "" || aliases.includes(relation))) otherRead = true;
        });
        if (otherRead) return undefined;
      }
    const first = renames[0];
    if (!first) return undefined;
    const calls = [...new Set(renames.map((r) => r.by))];
    return {
      by: first.by,
      how: `it reads ${JSON.stringify(misfit.column)} of ${table.name} only renamed (AS ${[...new Set(renames.map((r) => r.alias))].join(", AS ")})${
        calls.length > 1
          ? `, as do calls ${calls
              .slice(1)
              .map((c) => `#${c}`)
              .join(", ")}`
          : ""
      }, and no later call of the batch reads it under its header name`,
    };
  };
}

/** The column names that group labels were combined into (a few, for the message). */
function groupedNames(table: TableProfile): string {
  const labels = (table.headerBand ?? [])
    .filter((b) => b.use === "groups")
    .flatMap((b) => b.text.split(" | "));
  const names = table.columns
    .map((c) => c.name)
    .filter((n) => labels.some((l) => n.startsWith(`${l} `) || n === l));
  return names.length > 6 ? `${names.slice(0, 6).join(", ")}, …` : names.join(", ");
}

/**
 * `header-offset`: where a file's table does not start at its first line or end at its last —
 * `info` where the runtime corrected it (title rows skipped, group labels and units combined into
 * the names, header notes set aside, footnotes, trailer blocks and statistic rows left out, each
 * listed whole), `warning` where it could not (a header that does not fit its values, unnamed
 * columns, a block without a header, a second header row read as data).
 */
export const headerOffsetRule: ValidationRule = {
  code: headerOffsetDoc.code,
  runOrder: 80,
  phase: "after",
  ops: ["Scan", "UnionScan", "Query"],
  inputsOnly: false,
  check: async ({ op, observation, ctx, sql }) => {
    if (op === "Query")
      return sql
        ? await unnamedColumnsRead(sql.statement, ctx, observation as QueryObservation | undefined)
        : [];
    if (op === "Scan") {
      const o = observation as ScanObservation;
      const entry = ctx.entry(o.provenance.file);
      const table = sheetProfile(entry, o.provenance.sheet);
      if (!entry || !table) return [];
      const registered = ctx.state.table(o.table);
      const extra = await extraFieldRows(ctx, entry, table, registered);
      return [...layoutFindings(entry, table, registered, extra?.columns), ...(extra ? [extra.finding] : [])];
    }
    const o = observation as UnionScanObservation;
    const findings = o.sources.flatMap((s) => {
      const entry = ctx.entry(s.file);
      const table = sheetProfile(entry, undefined);
      return entry && table ? layoutFindings(entry, table) : [];
    });
    const infos = findings.filter((d) => d.severity === "info");
    const rest = findings.filter((d) => d.severity !== "info");
    // One info for the whole union: the per-file messages repeat each other.
    const summary: Diagnostic[] = infos.length
      ? [
          {
            ...infos[0]!,
            message:
              infos.length > 1
                ? `${infos[0]!.message} The same correction applied to ${infos.length - 1} more file(s).`
                : infos[0]!.message,
            locations: infos.slice(0, 5).flatMap((d) => d.locations),
          },
        ]
      : [];
    return [...summary, ...rest];
  },
};

/**
 * A Query that reads a column the file's header does not name (`column2`, named by position): the
 * Scan noted it as a fact of the map; reading it is where it matters, so here it is a warning with
 * the header's line and a value of the column. It is info when the query does both things the
 * warning asks — it names the column wherever it reads it (`column2 AS stated_share`, never
 * `column2` bare, in a WHERE or under `*`), and the file's header and the rows under it were
 * printed (Bash head/cat) before this batch, so the agent had them in front of it when it wrote the
 * query. A print of the same batch, or the Scan's one sample value, is not that. It is info too when
 * an earlier Query's result, before this batch, showed the column's own values (`SELECT column0,
 * Total …` with its rows): the agent has looked at what it holds, however this query reads it.
 */
async function unnamedColumnsRead(
  statement: Json,
  ctx: OperatorContext,
  observation: QueryObservation | undefined,
): Promise<Diagnostic[]> {
  interface Read {
    table: TableInfo;
    column: string;
    aliases: string[];
    bare: boolean;
    /** Read other than to be looked at: computed with, compared with a value, joined on. */
    used: boolean;
  }
  const reads = new Map<string, Read>();
  /** Select items that are a column as it is (`column0`, `column0 AS yr`), by the name they output. */
  const selected: { key: string; output: string }[] = [];
  for (const { select, scope } of scopedSelects(statement, ctx.state)) {
    const renaming = new Set<Json>();
    const looks = lookingReads(select);
    const note = (n: Json, alias: string | undefined): void => {
      const column = resolveColumn(n.column_names as string[], scope);
      if (!column || !/^column\d+$/.test(column.column) || column.table.provenance.kind !== "scan") return;
      const file = column.table.provenance.files[0];
      if (!file || file.headerLine <= 0) return;
      const key = `${column.table.name}.${column.column}`;
      const read = reads.get(key) ?? {
        table: column.table,
        column: column.column,
        aliases: [],
        bare: false,
        used: false,
      };
      reads.set(key, read);
      if (!looks.has(n)) read.used = true;
      if (alias) read.aliases.push(alias);
      else read.bare = true;
    };
    for (const item of (select.select_list as Json[] | undefined) ?? []) {
      if (item.class === "COLUMN_REF") {
        const column = resolveColumn(item.column_names as string[], scope);
        const names = item.column_names as string[] | undefined;
        if (column)
          selected.push({
            key: `${column.table.name}.${column.column}`,
            output: String(item.alias || names?.[names.length - 1]),
          });
      }
      const alias = String(item.alias ?? "");
      if (item.class !== "COLUMN_REF" || alias === "" || /^column\d+$/i.test(alias)) continue;
      renaming.add(item);
      note(item, alias);
    }
    ownNodes(select, (n) => {
      if (n.class === "COLUMN_REF" && !renaming.has(n)) note(n, undefined);
    });
    ownNodes(select, (n) => {
      // `*` reads every column under the name it has: an unnamed one stays `column2`.
      if (n.class !== "STAR") return;
      const relation = String(n.relation_name ?? "").toLowerCase();
      for (const [alias, table] of scope) {
        if (relation !== "" && relation !== alias) continue;
        for (const c of table.schema)
          if (/^column\d+$/.test(c.name)) {
            const read = reads.get(`${table.name}.${c.name}`);
            if (read) read.bare = true;
          }
      }
    });
  }
  const out: Diagnostic[] = [];
  for (const { table, column, aliases, bare, used } of reads.values()) {
    if (await isRowLabelColumn(ctx, table, column)) continue;
    const file = table.provenance.files[0]!;
    const profile = sheetProfile(ctx.entry(file.path), file.sheet)?.columns.find((c) => c.name === column);
    const sample = profile?.samples[0];
    const where = `${file.path}${file.sheet ? ` [${file.sheet}]` : ""}`;
    const what =
      `The query reads ${table.name}.${column}, a column that the header of ${where} (line ${file.headerLine}) does not name` +
      `${sample !== undefined ? `; its values look like ${JSON.stringify(sample.slice(0, 80))}` : ""}. `;
    const view = bare ? undefined : shownBeforeBatch(ctx.state, file.path, file.headerLine + 1);
    const seen = columnShownBeforeBatch(ctx.state, file.path, column);
    const location = { file: file.path, line: file.headerLine, ...(file.sheet ? { sheet: file.sheet } : {}) };
    out.push(
      !used
        ? {
            code: "header-offset",
            severity: "info",
            message: `${what}The query only looks at it (its values counted, listed, their lowest and highest shown beside a count, or tested for NULL): the look at what it holds that this asks for. Name it once you rely on it.`,
            locations: [location],
          }
        : seen
          ? {
              code: "header-offset",
              severity: "info",
              message: `${what}${seen.command}, before this batch, showed its values.`,
              locations: [location],
            }
          : view
            ? {
                code: "header-offset",
                severity: "info",
                message: `${what}The query names it (AS ${[...new Set(aliases)].join(", AS ")}) wherever it reads it, and \`${view.command}\`, before this batch, printed the header and the rows under it.`,
                locations: [location],
              }
            : {
                code: "header-offset",
                severity: "warning",
                message: `${what}Check what it holds (Bash head on the file) before relying on it, and name it in the query.`,
                locations: [location],
              },
    );
  }
  // The result's rows show the columns it outputs as they are: later batches have seen their values.
  const outputs = new Set(observation?.records.columns ?? []);
  if (observation && observation.records.rows.length > 0)
    for (const { key, output } of selected) {
      const read = reads.get(key);
      if (!read || !outputs.has(output)) continue;
      const path = read.table.provenance.files[0]!.path;
      if (columnShownBeforeBatch(ctx.state, path, read.column)) continue;
      noteShownLines(ctx.state, path, {
        command: `the result of the Query that made ${observation.table} (${output === read.column ? read.column : `${read.column} AS ${output}`})`,
        lines: 0,
        column: read.column,
      });
    }
  return out;
}

/**
 * The column references of a SELECT that only look at a column: the operand of `IS [NOT] NULL` or
 * of `count(x)`, and — in a frequency listing, a SELECT grouped by it whose aggregates are all
 * counts — the column as its GROUP BY key and under its own name in the select list. A query
 * reading an unnamed column only this way (`SELECT column10, count(*) … GROUP BY 1`, `SELECT * …
 * WHERE column19 IS NOT NULL`) is the look at what it holds, and so is a plain listing of the rows —
 * no filter, grouping, aggregate, join, order or limit — that prints the column as it is. Summed by,
 * filtered on, ranked by or renamed (`column2 AS share`), the query relies on what the column is.
 */
function lookingReads(select: Json): Set<Json> {
  const out = new Set<Json>();
  const groups =
    (select.group_expressions as Json[] | undefined) ??
    ((select.groups as Json | undefined)?.group_expressions as Json[] | undefined) ??
    [];
  let countsOnly = groups.length > 0;
  ownNodes(select, (n) => {
    if (n.class !== "FUNCTION") return;
    const fn = String(n.function_name).toLowerCase();
    if (isAnyAggregate(fn) && fn !== "count" && fn !== "count_star") countsOnly = false;
  });
  // A listing of the table's rows (no filter, grouping, aggregate or join), the column printed as it
  // is: its values are shown, the look the warning asks for (held-out GP-06: `SELECT column0,
  // "1945", …, column26 FROM bt` to see what the unnamed columns hold).
  let aggregated = false;
  ownNodes(select, (n) => {
    if (n.class === "FUNCTION" && isAnyAggregate(String(n.function_name).toLowerCase())) aggregated = true;
  });
  const listing =
    !select.where_clause &&
    !select.having &&
    !select.qualify &&
    groups.length === 0 &&
    !aggregated &&
    // Ordered, cut or made distinct, the rows are a ranking or a list the answer is read from.
    ((select.modifiers as Json[] | undefined) ?? []).length === 0 &&
    (select.from_table as Json | undefined)?.type === "BASE_TABLE";
  if (countsOnly || listing) {
    for (const item of (select.select_list as Json[] | undefined) ?? [])
      if (item.class === "COLUMN_REF" && (!item.alias || /^column\d+$/i.test(String(item.alias))))
        out.add(item);
    if (countsOnly) for (const g of groups) if (g.class === "COLUMN_REF") out.add(g);
  }
  const countedNames = new Set<string>();
  const extremes: Json[] = [];
  const nameOf = (n: Json): string =>
    JSON.stringify((n.column_names as string[]).map((x) => x.toLowerCase()));
  ownNodes(select, (n) => {
    const args = (n.children as Json[] | undefined) ?? [];
    const fn = n.class === "FUNCTION" ? String(n.function_name).toLowerCase() : "";
    const nullTest =
      n.class === "OPERATOR" && (n.type === "OPERATOR_IS_NULL" || n.type === "OPERATOR_IS_NOT_NULL");
    const counted = fn === "count";
    if ((nullTest || counted) && args.length === 1 && args[0]!.class === "COLUMN_REF") {
      out.add(args[0]!);
      if (counted) countedNames.add(nameOf(args[0]!));
    }
    // Its values strung together as they are (`string_agg(column0::VARCHAR, ',')`): printed, not
    // computed with (held-out IH-06: the row numbers of a duplicate check's groups).
    const listed = LISTING_AGGREGATES.has(fn) ? args[0] : undefined;
    const bare = listed?.class === "CAST" ? (listed.child as Json | undefined) : listed;
    if (bare?.class === "COLUMN_REF") out.add(bare);
    if ((fn === "min" || fn === "max") && args.length === 1 && args[0]!.class === "COLUMN_REF")
      extremes.push(args[0]!);
  });
  // Its lowest and highest value beside a count of it (`count(DISTINCT column0), min(column0),
  // max(column0)`): the query profiles what the column holds (held-out IH-06).
  for (const e of extremes) if (countedNames.has(nameOf(e))) out.add(e);
  return out;
}

/** Aggregates that string a column's values together as they are. */
const LISTING_AGGREGATES = new Set(["string_agg", "group_concat", "listagg", "list", "array_agg"]);

/**
 * A column the header leaves unnamed that holds the rows' labels: the first column under an empty
 * top-left cell with a different value on every row (`,1980,1981,…` over `Australia,…`, how pandas
 * writes its index and spreadsheets leave the corner cell), or an unnamed text column that holds a
 * row's label exactly where the table's first text column is empty, as distinct words, no number
 * among them — the `United States` a BJS table writes one column right of its states, on the
 * national row alone. What it holds is the rows' names, so reading it is no risk to check; the
 * Scan's info still notes that the header gives it no name. A column that repeats a value, holds
 * numbers, sits beside filled labels (a note column: `revised` next to `Australia`), or (the first
 * column) has an empty cell keeps the warning: a header shifted over its data leaves numbers or
 * repeated categories unnamed.
 */
async function isRowLabelColumn(ctx: OperatorContext, table: TableInfo, column: string): Promise<boolean> {
  const named = table.schema.filter((c) => !/^column\d+$/.test(c.name));
  if (named.length < 2) return false;
  const type = table.schema.find((c) => c.name === column)?.type;
  const first = column === "column0" && table.schema[0]?.name === column;
  if (!first && type !== "VARCHAR") return false;
  const c = sqlIdent(column);
  const label = table.schema.find((x) => x.name !== column && x.type === "VARCHAR")?.name;
  if (!first && label === undefined) return false;
  const beside =
    label === undefined ? "0" : `count(*) FILTER (WHERE ${c} IS NOT NULL AND trim(${sqlIdent(label)}) <> '')`;
  // Once per table: every later Query reading the column asks the same.
  const [row] = await memoized(table, `rowLabels:${column}`, () =>
    ctx.engine.all(
      `SELECT count(*) AS n, count(${c}) AS present, count(DISTINCT ${c}) AS distinct_values, ` +
        `count(*) FILTER (WHERE TRY_CAST(replace(CAST(${c} AS VARCHAR), ',', '') AS DOUBLE) IS NOT NULL OR NOT regexp_matches(CAST(${c} AS VARCHAR), '\\p{L}')) AS unworded, ${beside} AS beside ` +
        `FROM ${sqlIdent(table.name)}`,
    ),
  );
  const n = Number(row?.n ?? 0);
  const present = Number(row?.present ?? 0);
  if (first && n >= 2 && present === n && Number(row?.distinct_values) === n) return true;
  return (
    type === "VARCHAR" &&
    present >= 1 &&
    Number(row?.distinct_values) === present &&
    Number(row?.unworded) === 0 &&
    Number(row?.beside) === 0
  );
}

/** Column names, the first 12 of a long list and how many more. */
function clipList(names: string[]): string {
  return names.length > 12
    ? `${names.slice(0, 12).join(", ")} and ${names.length - 12} more`
    : names.join(", ");
}
