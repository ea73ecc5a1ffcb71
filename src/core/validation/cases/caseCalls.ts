import type { OperatorCall } from "../../runtime.ts";

// The operator calls of silent-suite cases, built as an analyst would write them.

export const scan = (file: string, output?: string, sheet?: string): OperatorCall => ({
  op: "Scan",
  file,
  ...(output ? { output } : {}),
  ...(sheet ? { sheet } : {}),
});
export const unionScan = (files: string[], output: string, source_column = "source_file"): OperatorCall => ({
  op: "UnionScan",
  files,
  source_column,
  output,
});
export const query = (sql: string, inputs: string[], output = "answer"): OperatorCall => ({
  op: "Query",
  sql,
  inputs,
  output,
});
export const probe = (table: string, columns: string[] = []): OperatorCall => ({
  op: "Probe",
  table,
  columns,
});
export const bash = (command: string): OperatorCall => ({ op: "Bash", command });

/** Each file scanned into its table (`{ table: file }`, in order), then one Query over them: the batch most cases run. */
export const scanThenQuery = (
  tables: Record<string, string>,
  sql: string,
  output?: string,
): OperatorCall[] => [
  ...Object.entries(tables).map(([table, file]) => scan(file, table)),
  query(sql, Object.keys(tables), output),
];
