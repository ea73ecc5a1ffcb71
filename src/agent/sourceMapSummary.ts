import picomatch from "picomatch";
import type { DiscoverHit } from "../core/discover/discoverIndex.ts";
import type { SourceEntry, SourceMap, TableProfile } from "../core/sourceMap/sourceEntry.ts";
import { tableFactLines } from "../core/sourceMap/tableFacts.ts";
import type { TableInfo } from "../core/state/sharedState.ts";
import { clip } from "../core/text.ts";

/** A Discover hit as the operator observes it. */
export type SummaryHit = DiscoverHit;

const MAX_HITS = 8;
const MAX_TABLES = 3;
const MAX_COLUMNS = 30;
const MAX_SAMPLE_CHARS = 40;
const MAX_CHARS = 12_000;

/**
 * What the model sees of the lake before its first call: the top Discover hits for the question,
 * each with its layout, schema and sample values — never the whole lake, which may hold thousands
 * of files. Folders of same-shaped files appear once, as a pattern for UnionScan.
 */
export function sourceMapSummary(map: SourceMap, hits: SummaryHit[], maxHits = MAX_HITS): string {
  const readable = map.files.filter((f) => (f.tables?.length ?? 0) > 0).length;
  const folders = map.files.filter((f) => f.folder).map((f) => f.path);
  const unreadable = map.files.filter((f) => !f.folder && f.error).map((f) => f.path);
  // What is missing or cannot be read shows whatever the question: Discover ranks neither.
  const named = (paths: string[]): string =>
    `${paths.slice(0, 5).join(", ")}${paths.length > 5 ? `, +${paths.length - 5} more` : ""}`;
  const missing = [
    unreadable.length ? `${unreadable.length} unreadable: ${named(unreadable)}` : "",
    folders.length
      ? `${folders.length} empty folder${folders.length === 1 ? "" : "s"}: ${named(folders)}`
      : "",
  ].filter(Boolean);
  const shown = hits.slice(0, maxHits);
  const head = `The lake has ${map.files.length - folders.length} files (${readable} with tables${missing.length ? `; ${missing.join("; ")}` : ""}). ${
    shown.length
      ? `The ${shown.length} sources most related to the question (Discover, best first):`
      : "Discover found nothing related to the question's words; use Discover with other words."
  }`;
  const parts = [head];
  let size = head.length;
  // A member of a family or folder shown among the hits is one line: the layout is the family's.
  const patterns = shown
    .filter((h) => h.kind === "family" || h.kind === "group" || h.family)
    .map((h) => ({ glob: h.path, isMatch: picomatch(h.path, { nocase: true, dot: false }) }));
  const familyOf = (path: string): string | undefined =>
    patterns.find((p) => p.glob !== path && p.isMatch(path))?.glob;
  for (const hit of shown) {
    const text = hitText(map, hit, familyOf);
    if (size + text.length > MAX_CHARS) {
      parts.push(`(${shown.length - parts.length + 1} more hits left out for length; use Discover.)`);
      break;
    }
    parts.push(text);
    size += text.length;
  }
  return parts.join("\n\n");
}

/**
 * The tables a follow-up question starts with: registered by the earlier questions of the same
 * conversation, so the model can Query them instead of scanning the files again.
 */
export function registeredTablesSummary(tables: Iterable<TableInfo>): string {
  const lines = [...tables].map((t) => {
    const from =
      t.provenance.kind === "query"
        ? `Query over ${(t.provenance.inputs ?? []).join(", ")}`
        : t.provenance.kind === "bash"
          ? `Bash output of \`${t.provenance.command ?? "?"}\``
          : `${t.provenance.kind === "union" ? "UnionScan" : "Scan"} of ${t.provenance.files
              .map((f) => f.path)
              .slice(0, 3)
              .join(", ")}${t.provenance.files.length > 3 ? ", …" : ""}`;
    const columns = t.schema
      .slice(0, MAX_COLUMNS)
      .map((c) => `${c.name} ${c.type}`)
      .join(", ");
    return `- ${t.name} (${t.rowCount} rows, from ${from}): ${columns}`;
  });
  if (lines.length === 0) return "";
  return `Tables already registered by earlier questions of this conversation (use them directly with Query or Probe; no need to Scan their files again):\n${lines.join("\n")}`;
}

function hitText(map: SourceMap, hit: SummaryHit, familyOf: (path: string) => string | undefined): string {
  const why = hit.reasons.length ? `  — matched ${hit.reasons.join("; ")}` : "";
  const entry = map.files.find((f) => f.path === hit.path);
  const memberOf = entry && !entry.error ? familyOf(entry.path) : undefined;
  if (entry && memberOf)
    return `### ${entry.path} (${entryFacts(entry)})${why}\nA member of ${memberOf}, among these hits: its layout is shown there.`;
  if (entry) return `### ${entry.path} (${entryFacts(entry)})${why}\n${entryBody(entry)}`;
  const isMatch = picomatch(hit.path, { nocase: true, dot: false });
  const members = map.files.filter((f) => isMatch(f.path));
  const first = members.find((f) => f.tables?.[0]);
  const body = first?.tables?.[0]
    ? `Files share this layout; the first, ${first.path}:\n${tableText(first.tables[0])}`
    : "";
  const family = hit.family;
  if (!family)
    return `### ${hit.path} (a folder of ${hit.files ?? members.length} same-shaped files: read them at once with UnionScan)${why}\n${body}`;
  const lines = [
    `### ${hit.path} (a family of ${hit.files ?? members.length} files ${family.template}, ${family.first}…${family.last}${
      family.gaps.length ? `, missing ${family.gaps.slice(0, 8).join(", ")}` : ""
    }: read them at once with UnionScan files ["${hit.path}"])${why}`,
  ];
  const selected = family.selected;
  if (selected)
    lines.push(
      selected.files.length === 0
        ? `The question's ${selected.said.join(", ")} matches no member.`
        : `The question's ${selected.said.join(", ")} selects ${selected.files.length} of them: UnionScan files ${JSON.stringify(
            selected.glob ? [selected.glob] : selected.files,
          )}`,
    );
  for (const d of family.differing.slice(0, 5))
    lines.push(
      d.error
        ? `${d.path}: unreadable (${clip(d.error, 120)})`
        : `${d.path}: ${[d.missing.length ? `lacks ${d.missing.join(", ")}` : "", d.extra.length ? `adds ${d.extra.join(", ")}` : ""].filter(Boolean).join("; ")}`,
    );
  if (family.differing.length > 5) lines.push(`(+${family.differing.length - 5} more members that differ)`);
  return `${lines.join("\n")}\n${body}`;
}

function entryFacts(entry: SourceEntry): string {
  if (entry.folder) return "empty folder: no files in it";
  const facts: string[] = [entry.format];
  if (entry.encoding && entry.encoding !== "utf-8") facts.push(entry.encoding);
  const tables = entry.tables ?? [];
  if (tables.length === 1) facts.push(`${tables[0]!.rowCount} rows`);
  if (tables.length > 1) facts.push(`${tables.length} sheets/tables`);
  if (entry.error) facts.push(`unreadable: ${entry.error}`);
  return facts.join(", ");
}

function entryBody(entry: SourceEntry): string {
  const tables = entry.tables ?? [];
  if (tables.length === 0)
    return (entry.firstLines ?? [])
      .slice(0, 5)
      .map((l) => `  | ${clip(l, 160)}`)
      .join("\n");
  const shown = tables
    .slice(0, MAX_TABLES)
    .map((t) =>
      tables.length > 1
        ? `[sheet ${JSON.stringify(t.sheet)}${t.title && !t.sheet?.includes(t.title) ? ` — ${clip(t.title, 80)}` : ""}, ${t.rowCount} rows]\n${tableText(t)}`
        : tableText(t),
    );
  if (tables.length > MAX_TABLES)
    shown.push(
      `(+${tables.length - MAX_TABLES} more: ${tables
        .slice(MAX_TABLES)
        .map((t) => t.sheet)
        .join(", ")})`,
    );
  return shown.join("\n");
}

function tableText(table: TableProfile): string {
  const lines: string[] = [];
  if (table.titleLines.length)
    lines.push(
      `  title rows above the header: ${table.titleLines
        .slice(0, 2)
        .map((t) => JSON.stringify(clip(t, 80)))
        .join(", ")}`,
    );
  if (table.headerLine > 0) lines.push(`  header on line ${table.headerLine}`);
  if (table.noHeader) lines.push("  no header row: the first row holds data; columns are named by position");
  const described = table.describedNames;
  if (described)
    lines.push(
      `  names for these columns listed in ${described.file} (lines ${described.fields[0]!.line}-${described.fields[described.fields.length - 1]!.line}; offered, not applied): ${described.fields
        .slice(0, MAX_COLUMNS)
        .map((f, i) => `${table.columns[i]?.name} = ${JSON.stringify(clip(f.name, 40))}`)
        .join(", ")}${described.fields.length > MAX_COLUMNS ? ", …" : ""}`,
    );
  for (const column of table.columns.slice(0, MAX_COLUMNS)) {
    const samples = column.samples.map((s) => JSON.stringify(clip(s, MAX_SAMPLE_CHARS))).join(", ");
    const nulls = column.nullFraction > 0 ? `, ${Math.round(column.nullFraction * 100)}% null` : "";
    lines.push(`  - ${column.name} ${column.type}${nulls}${samples ? `: e.g. ${samples}` : ""}`);
  }
  if (table.columns.length > MAX_COLUMNS)
    lines.push(`  (+${table.columns.length - MAX_COLUMNS} more columns)`);
  for (const band of table.headerBand ?? [])
    if (band.use === "groups")
      lines.push(`  line ${band.line} labels groups of columns; combined into the names above`);
  for (const misfit of table.headerFit ?? [])
    lines.push(
      `  header/value misfit: ${JSON.stringify(misfit.column)} holds no ${misfit.expected}s (${misfit.samples.map((v) => JSON.stringify(clip(v, 30))).join(", ")}) while ${JSON.stringify(misfit.neighbour)} holds them`,
    );
  if (table.footer?.lines.length) {
    const rows = table.footer.rows ?? [];
    const trailer = rows.filter((r) => r.kind !== "note").length;
    lines.push(
      `  ${table.footer.lines.length} row(s) after the data, not part of the table${trailer ? ` (${trailer} trailer/summary row(s), e.g. ${JSON.stringify(clip(rows.find((r) => r.kind !== "note")!.text, 80))})` : ""}`,
    );
  }
  // Counting rules decide whether summing or dividing across the rows means anything: quoted whole.
  for (const rule of table.countingRules ?? [])
    lines.push(`  counting rule (note, line ${rule.line}): ${JSON.stringify(rule.sentence)}`);
  // What the map observed about how the table was read (JSON shape, merged cells, bad lines…).
  for (const note of (table.notes ?? []).slice(0, 3)) lines.push(`  note: ${clip(note, 240)}`);
  // Markers read as NULL and likely fill values (the statistic rows are in the footer line above).
  for (const fact of tableFactLines(table).filter((f) => !f.startsWith("statistic rows")))
    lines.push(`  ${clip(fact, 400)}`);
  return lines.join("\n");
}
