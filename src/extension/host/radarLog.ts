import * as vscode from "vscode";
import { Disposable } from "./disposable.ts";
import { redactSecrets } from "../../agent/redact.ts";

/**
 * The "RADAR" log channel. Every line passes through redaction with the stored API key and the
 * patterns of bearer tokens and keys, so a message that quotes an endpoint's error cannot leak one.
 */
export class RadarLog extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel("RADAR", { log: true }));
  private secrets: string[] = [];

  /** The values to scrub besides the generic patterns (the stored key). */
  setSecrets(secrets: string[]): void {
    this.secrets = secrets.filter((s) => s.length > 0);
  }

  info(message: string): void {
    this.channel.info(this.clean(message));
  }

  warn(message: string): void {
    this.channel.warn(this.clean(message));
  }

  error(message: string): void {
    this.channel.error(this.clean(message));
  }

  debug(message: string): void {
    this.channel.debug(this.clean(message));
  }

  show(): void {
    this.channel.show(true);
  }

  private clean(message: string): string {
    return redactSecrets(message, this.secrets);
  }
}
