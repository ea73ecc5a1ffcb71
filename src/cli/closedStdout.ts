// `radar map | head`: once the reader closes the pipe, every later write fails with EPIPE, and an
// 'error' event with no listener crashes the process with a stack trace. A closed standard output
// is the reader saying it has enough: the command ends quietly instead. Writes after that are
// dropped, the command finishes its own work (a batch still writes its trace and releases its
// session), and the streaming loops (`show --csv`/`--json`) stop reading rows early.

let closed = false;

/** Whether the reader of standard output has gone (EPIPE seen). */
export function stdoutClosed(): boolean {
  return closed;
}

/** Installs the handler once, before the command writes anything. */
export function endQuietlyOnClosedStdout(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
    // Later writes would only queue more EPIPEs: drop them.
    stream.write = (() => true) as typeof stream.write;
  });
}
