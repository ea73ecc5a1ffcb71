import type { AuditModel } from "./auditModel.ts";

const BLOCK = /<script type="application\/json" id="radar-audit-data">([\s\S]*?)<\/script>/;

/** The audit data an HTML audit carries (its trace and file hashes), or a clear error naming the file. */
export function auditData(html: string, file: string): AuditModel {
  const match = BLOCK.exec(html);
  if (!match)
    throw new Error(
      `${file} is not a RADAR audit: it has no radar-audit-data block (write one with radar export RUN --html)`,
    );
  const data = JSON.parse(match[1]!) as Partial<AuditModel>;
  if (data.format !== "radar-audit" || !Array.isArray(data.events))
    throw new Error(`${file}: its radar-audit-data block is not a RADAR audit of a known version`);
  return data as AuditModel;
}
