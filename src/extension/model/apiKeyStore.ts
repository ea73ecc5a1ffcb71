import * as vscode from "vscode";
import type { RadarLog } from "../host/radarLog.ts";

const SECRET_KEY = "radar.apiKey";

/**
 * The OpenAI-compatible endpoint's key, kept only in VS Code's SecretStorage (the OS keychain or
 * its equivalent): never in settings, logs or traces.
 */
export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(): Thenable<string | undefined> {
    return this.secrets.get(SECRET_KEY);
  }

  async has(): Promise<boolean> {
    return Boolean(await this.get());
  }

  store(key: string): Thenable<void> {
    return this.secrets.store(SECRET_KEY, key);
  }

  clear(): Thenable<void> {
    return this.secrets.delete(SECRET_KEY);
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) listener();
    });
  }
}

/**
 * "RADAR: Set API Key": asks for the key in a password box. A key passed as the argument (for
 * automation) is stored the same way; an empty one is refused.
 */
export async function setApiKey(store: ApiKeyStore, log: RadarLog, given?: unknown): Promise<boolean> {
  const key =
    typeof given === "string"
      ? given
      : await vscode.window.showInputBox({
          title: "RADAR: Set API Key",
          prompt: "The API key of your OpenAI-compatible endpoint. It is kept in VS Code's secret storage.",
          password: true,
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === "" ? "Enter a key, or press Escape to cancel." : undefined),
        });
  if (key === undefined || key.trim() === "") {
    log.info("Set API Key: cancelled");
    return false;
  }
  await store.store(key.trim());
  log.info("API key stored in secret storage");
  void vscode.window.showInformationMessage("RADAR: API key stored in secret storage.");
  return true;
}
