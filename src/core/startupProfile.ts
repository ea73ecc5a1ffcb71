/**
 * `RADAR_PROFILE_STARTUP=1`: where a short command's time goes, on stderr — milliseconds since
 * the process started at each step (modules loaded, DuckDB open, Source Map ready, calls done,
 * closed). How the one-call batch was taken apart (see docs in README, "Measuring").
 */
const ON = Boolean(process.env.RADAR_PROFILE_STARTUP);

export function startupMark(step: string): void {
  if (!ON) return;
  const cpu = process.cpuUsage();
  process.stderr.write(
    `startup ${performance.now().toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms cpu: ${step}\n`,
  );
}
