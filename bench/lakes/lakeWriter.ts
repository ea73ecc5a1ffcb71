// Writes a lake's files and records each one (path, bytes, data rows) for the manifest. CSV files are
// written through a buffered file descriptor, so a large file never sits whole in memory.
import { closeSync, copyFileSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LakeFileInfo } from "./lakeTypes.ts";

const FLUSH_BYTES = 1 << 20;

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvField).join(",");
}

/** An open CSV file: lines are buffered and flushed in 1 MB chunks. */
export class CsvFile {
  private fd: number;
  private buffer: string[] = [];
  private buffered = 0;
  dataRows = 0;

  constructor(readonly fullPath: string) {
    mkdirSync(dirname(fullPath), { recursive: true });
    this.fd = openSync(fullPath, "w");
  }

  /** A line that is not a data row (title, header, label row, footnote). */
  raw(line: string): void {
    this.buffer.push(line, "\n");
    this.buffered += line.length + 1;
    if (this.buffered >= FLUSH_BYTES) this.flush();
  }

  row(values: readonly (string | number | null | undefined)[]): void {
    this.raw(csvLine(values));
    this.dataRows++;
  }

  private flush(): void {
    if (this.buffer.length === 0) return;
    writeSync(this.fd, this.buffer.join(""));
    this.buffer = [];
    this.buffered = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

export class LakeWriter {
  readonly files: LakeFileInfo[] = [];

  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  full(path: string): string {
    return join(this.root, ...path.split("/"));
  }

  /** Writes a CSV through `fill` and records it. */
  csv(path: string, role: string, fill: (file: CsvFile) => void): LakeFileInfo {
    const file = new CsvFile(this.full(path));
    try {
      fill(file);
    } finally {
      file.close();
    }
    return this.record(path, role, file.dataRows);
  }

  /** Writes a whole file (text or bytes) and records it. */
  write(path: string, role: string, content: string | Uint8Array, rows: number): LakeFileInfo {
    mkdirSync(dirname(this.full(path)), { recursive: true });
    writeFileSync(this.full(path), content);
    return this.record(path, role, rows);
  }

  copy(from: string, to: string, role: string): LakeFileInfo {
    const source = this.files.find((f) => f.path === from);
    if (!source) throw new Error(`copy of an unwritten file: ${from}`);
    mkdirSync(dirname(this.full(to)), { recursive: true });
    copyFileSync(this.full(from), this.full(to));
    return this.record(to, role, source.rows);
  }

  record(path: string, role: string, rows: number): LakeFileInfo {
    const info: LakeFileInfo = { path, bytes: statSync(this.full(path)).size, rows, role };
    this.files.push(info);
    return info;
  }
}
