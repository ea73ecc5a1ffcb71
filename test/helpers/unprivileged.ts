import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./tempLake.ts";

/** Whether this process runs as root, which reads and writes anywhere (permission tests prove nothing). */
export const isRoot = process.getuid?.() === 0;

/** A command line run as `nobody` (uid/gid 65534, no groups) through util-linux's setpriv. */
export function asNobody(command: string[]): string[] {
  return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...command];
}

/**
 * Evaluates `expression` (a TypeScript expression over the named exports of `module`, a path
 * relative to the repository) in a child Node process run as `nobody`, and returns its value
 * through JSON. For permission checks that root would pass whatever the permissions are; the
 * folders involved must be reachable by `nobody` (mkdtemp folders are 0700: chmod them).
 */
export function evalAsNobody<T>(module: string, names: string[], expression: string): T {
  const code =
    `import { ${names.join(", ")} } from ${JSON.stringify(join(repoRoot, module))};\n` +
    `process.stdout.write(JSON.stringify(${expression}));`;
  const [program, ...args] = asNobody([
    process.execPath,
    "--import",
    "tsx",
    "--input-type=module",
    "--eval",
    code,
  ]);
  const run = spawnSync(program!, args, {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, HOME: "/tmp" },
  });
  if (run.status !== 0)
    throw new Error(
      `as nobody: exit ${run.status}${run.error ? ` (${run.error.message})` : ""}: ${run.stderr}`,
    );
  return JSON.parse(run.stdout) as T;
}
