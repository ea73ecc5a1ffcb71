// Where the rule folders are and how a code names its folder: shared by the generators of the
// docs (diagnosticsDocs.ts) and of the lists (ruleLists.ts). Files only.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "..");
export const rulesDir = join(repoRoot, "src", "core", "validation", "rules");

/** The folder of a rule's code under rules/: the code in camelCase (`join-row-loss` → joinRowLoss). */
export function ruleFolder(code: string): string {
  return code.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The rule folders under src/core/validation/rules/, sorted. */
export function ruleFolders(): string[] {
  return readdirSync(rulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The TypeScript modules of a rule folder, without their `.ts`, sorted. */
export function modulesOf(folder: string): string[] {
  return readdirSync(join(rulesDir, folder))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -".ts".length))
    .sort();
}
