/** Whether this process runs as root, which reads and writes anywhere (permission tests prove nothing). */
export const isRoot = process.getuid?.() === 0;

/**
 * Runs `fn` (synchronous) with the effective user and group `nobody` (65534), then back to root:
 * for permission checks that root would pass whatever the permissions are. File system calls
 * (open, mkdir, …) are checked against the effective ids; `access()` is checked against the real
 * one, so code under test that only asks access() still sees root's rights. The folders involved
 * must be reachable by `nobody` (mkdtemp folders are 0700: chmod them).
 */
export function asNobody<T>(fn: () => T): T {
  if (!isRoot) throw new Error("asNobody needs root (test with isRoot first)");
  process.setegid!(65534);
  process.seteuid!(65534);
  try {
    return fn();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}
