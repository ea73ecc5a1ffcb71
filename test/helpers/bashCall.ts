import type { Runtime } from "../../src/core/runtime.ts";
import type { CallEvent } from "../../src/core/trace/traceEvents.ts";
import type { BashObservation } from "../../src/core/operators/bash/bashObservation.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";

/** One Bash call through the runtime: the call, its observation, and the findings of `code` it raised. */
export async function bashCall(
  runtime: Runtime,
  command: string,
  code?: string,
): Promise<{ call: CallEvent; o: BashObservation; said: Diagnostic[] }> {
  const call = await runtime.call({ op: "Bash", command });
  return {
    call,
    o: call.observation as BashObservation,
    said: call.diagnostics.filter((d) => d.code === code),
  };
}
