import type { FileFamily } from "../../core/discover/fileFamilies.ts";
import { sharedFolder } from "../../core/discover/pathPattern.ts";
import type { SourceEntry, SourceMap, TableProfile } from "../../core/sourceMap/sourceEntry.ts";
import type { SharedState } from "../../core/state/sharedState.ts";

/**
 * The Sources view's content, free of the editor API: each file of the Source Map with its format,
 * shape and errors, and what the latest run did with it — scanned, probed, seen only in part.
 */

export interface FileCoverage {
  scanned: boolean;
  /** Sheets scanned, for workbooks. */
  sheets: string[];
  probedColumns: string[];
  rowsShown: number;
  /** A Bash command that showed only part of the file. */
  partial?: string;
}

export type CoverageLevel = "scanned" | "partial" | "unread";

export interface ColumnNode {
  label: string;
  description: string;
  probed: boolean;
}

export interface TableNode {
  label: string;
  description: string;
  columns: ColumnNode[];
}

export interface SourceNode {
  path: string;
  format: string;
  description: string;
  tooltip: string;
  error?: string;
  /** The file could not be read (its error says why); it stays listed. */
  unreadable: boolean;
  coverage: CoverageLevel;
  /** One per sheet or HTML table; a single-table file lists its columns directly. */
  tables: TableNode[];
}

export type LakeCoverage = Map<string, FileCoverage>;

/** What the run's shared state saw of each file (its tables' provenance links tables to files). */
export function coverageOf(
  state: Pick<SharedState, "tables" | "scanned" | "probed" | "rowsShown" | "partialViews">,
): LakeCoverage {
  const coverage: LakeCoverage = new Map();
  const get = (path: string): FileCoverage => {
    let c = coverage.get(path);
    if (!c) coverage.set(path, (c = { scanned: false, sheets: [], probedColumns: [], rowsShown: 0 }));
    return c;
  };
  for (const item of state.scanned) {
    const [path, sheet] = splitSheet(item);
    const c = get(path);
    c.scanned = true;
    if (sheet) c.sheets.push(sheet);
  }
  for (const [path, views] of state.partialViews) get(path).partial = views.map((v) => v.command).join("; ");
  for (const info of state.tables.values()) {
    const files = info.provenance.kind === "query" ? [] : info.provenance.files;
    for (const file of files) {
      const c = get(file.path);
      const probed = state.probed.get(info.name.toLowerCase());
      if (probed)
        for (const column of probed) if (!c.probedColumns.includes(column)) c.probedColumns.push(column);
      c.rowsShown = Math.max(c.rowsShown, state.rowsShown.get(info.name.toLowerCase()) ?? 0);
    }
  }
  return coverage;
}

function splitSheet(item: string): [string, string | undefined] {
  const at = item.lastIndexOf("#");
  return at > 0 ? [item.slice(0, at), item.slice(at + 1)] : [item, undefined];
}

export function sourceNodes(map: SourceMap, coverage: LakeCoverage = new Map()): SourceNode[] {
  return map.files.map((entry) => sourceNode(entry, coverage.get(entry.path)));
}

function sourceNode(entry: SourceEntry, c: FileCoverage | undefined): SourceNode {
  const tables = entry.tables ?? [];
  const level: CoverageLevel = c?.scanned ? "scanned" : c?.partial ? "partial" : "unread";
  const shape =
    tables.length === 1
      ? `${tables[0]!.rowCount} rows × ${tables[0]!.columns.length} cols`
      : tables.length > 1
        ? `${tables.length} tables`
        : undefined;
  const seen =
    level === "scanned"
      ? `scanned${c!.probedColumns.length ? `, ${c!.probedColumns.length} probed` : ""}`
      : level === "partial"
        ? "seen in part"
        : undefined;
  const description = entry.error
    ? `unreadable · ${shortError(entry.error)}`
    : [entry.format, shape, seen].filter(Boolean).join(" · ");
  const tooltip = [
    entry.path,
    `${entry.format}${entry.encoding ? `, ${entry.encoding}` : ""}, ${formatBytes(entry.bytes)}`,
    ...tables.map((t) => tableLine(t)),
    entry.error ? `unreadable: ${entry.error}` : undefined,
    level === "scanned"
      ? `scanned by the latest run${c!.sheets.length ? ` (${c!.sheets.join(", ")})` : ""}; ${c!.rowsShown} row(s) shown to the agent`
      : undefined,
    c?.probedColumns.length ? `probed: ${c.probedColumns.join(", ")}` : undefined,
    c?.partial ? `seen only through \`${c.partial}\`` : undefined,
  ]
    .filter(Boolean)
    .join("\n");
  return {
    path: entry.path,
    format: entry.format,
    description,
    tooltip,
    ...(entry.error ? { error: entry.error } : {}),
    unreadable: entry.error !== undefined,
    coverage: level,
    tables: tables.map((t) => tableNode(t, c)),
  };
}

function tableLine(t: TableProfile): string {
  const where = t.headerLine > 0 ? `header at line ${t.headerLine}` : "no header line";
  return `${t.sheet ? `[${t.sheet}] ` : ""}${t.rowCount} rows × ${t.columns.length} columns, ${where}${t.footer ? `, footnotes from line ${t.footer.line}` : ""}`;
}

function tableNode(t: TableProfile, c: FileCoverage | undefined): TableNode {
  return {
    label: t.sheet ?? "table",
    description: `${t.rowCount} rows, ${t.headerLine > 0 ? `header line ${t.headerLine}` : "no header"}`,
    columns: t.columns.map((col) => ({
      label: col.name,
      description: `${col.type}${col.nullFraction > 0 ? `, ${Math.round(col.nullFraction * 1000) / 10}% null` : ""}${col.samples.length ? ` — e.g. ${col.samples.slice(0, 3).join(", ")}` : ""}`,
      probed: c?.probedColumns.includes(col.name) ?? false,
    })),
  };
}

/** An error as a tree line shows it: its first clause, cut short; the tooltip has all of it. */
function shortError(error: string): string {
  const first = error.split(/[\n:]/)[0]!.trim();
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

export interface FamilyNode {
  /** The family's glob (fileFamilies.ts): matches exactly its members; UnionScan reads it as it is. */
  pattern: string;
  /** The path with its varying parts named, as the CLI map and MCP resources print it. */
  label: string;
  description: string;
  tooltip: string;
  members: string[];
  /** A member's label under the family: its path below the folders every member shares. */
  memberLabel: (path: string) => string;
  coverage: CoverageLevel;
}

/**
 * A family as the view shows it (one node, however many members): its template, how many files,
 * the range of its varying part, the gaps in it and the members that differ. Families are those of
 * the CLI map, MCP resources and Discover (core/discover/fileFamilies.ts), so every surface agrees.
 */
export function familyNode(family: FileFamily, byPath: ReadonlyMap<string, SourceNode>): FamilyNode {
  const paths = family.members.map((m) => m.path);
  const members = paths.map((p) => byPath.get(p)).filter((n): n is SourceNode => n !== undefined);
  const scanned = members.filter((m) => m.coverage === "scanned").length;
  const coverage: CoverageLevel =
    scanned === members.length
      ? "scanned"
      : scanned > 0 || members.some((m) => m.coverage !== "unread")
        ? "partial"
        : "unread";
  const gaps = family.gaps.length
    ? `${family.gaps.slice(0, 3).join(", ")}${family.gaps.length > 3 ? ` and ${family.gaps.length - 3} more` : ""} missing`
    : undefined;
  const description = [
    `family · ${paths.length} files`,
    `${family.first}–${family.last}`,
    gaps,
    family.differing.length ? `${family.differing.length} differ` : undefined,
    scanned ? `${scanned} scanned` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  const differs = (d: FileFamily["differing"][number]): string =>
    d.error
      ? `unreadable: ${d.error}`
      : [
          d.missing.length ? `lacks ${listed(d.missing)}` : "",
          d.extra.length ? `adds ${listed(d.extra)}` : "",
        ]
          .filter(Boolean)
          .join("; ");
  const tooltip = [
    family.template,
    `${paths.length} files of one layout, ${family.varying.join(", ")} ${family.first} to ${family.last}, with ${family.columns.length} columns: ${listed(family.columns, 12)}`,
    `read them all with UnionScan ${family.glob}`,
    family.gaps.length ? `no file for ${listed(family.gaps, 12)}` : undefined,
    ...family.differing.slice(0, MAX_TOOLTIP_DIFFERING).map((d) => `${d.path}: ${differs(d)}`),
    family.differing.length > MAX_TOOLTIP_DIFFERING
      ? `… and ${family.differing.length - MAX_TOOLTIP_DIFFERING} more that differ`
      : undefined,
    scanned ? `${scanned} of ${paths.length} scanned by the latest run` : undefined,
  ]
    .filter(Boolean)
    .join("\n");
  const shared = sharedFolder(paths);
  return {
    pattern: family.glob,
    label: family.template,
    description,
    tooltip,
    members: paths,
    memberLabel: (path) => path.slice(shared.length),
    coverage,
  };
}

/** A tooltip shows this many differing members by name; the rest are counted. */
const MAX_TOOLTIP_DIFFERING = 10;

function listed(items: readonly string[], max = 4): string {
  return `${items.slice(0, max).join(", ")}${items.length > max ? ", …" : ""}`;
}
