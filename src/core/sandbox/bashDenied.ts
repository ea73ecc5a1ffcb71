/** A command the sandbox refuses to run. The message is for the agent: what, why, and what instead. */
export class BashDenied extends Error {
  override readonly name = "BashDenied";
  constructor(message: string) {
    super(message);
  }
}
