import * as vscode from "vscode";
import type { ApiKeyStore } from "./apiKeyStore.ts";
import { chooseModel, normalizeProvider } from "./modelChoice.ts";
import type { LmModelInfo, ModelChoice } from "./modelChoice.ts";

export interface RadarSettings {
  provider: ReturnType<typeof normalizeProvider>;
  model: string;
  /** Machine-scoped: a workspace's settings cannot send its data elsewhere. */
  baseUrl: string;
  maxSteps: number;
}

export function readSettings(): RadarSettings {
  const config = vscode.workspace.getConfiguration("radar");
  const maxSteps = Number(config.get("maxSteps", 20));
  return {
    provider: normalizeProvider(config.get("provider")),
    model: String(config.get("model", "") ?? ""),
    baseUrl: String(config.get("baseUrl", "") ?? ""),
    maxSteps: Number.isFinite(maxSteps) ? Math.min(100, Math.max(1, Math.round(maxSteps))) : 20,
  };
}

export interface ResolvedModel {
  choice: ModelChoice;
  settings: RadarSettings;
  /** The VS Code chat model, when the choice is one. */
  lm?: vscode.LanguageModelChat;
  apiKey?: string;
}

/** The chat models VS Code offers now; none when the API is absent or turned off. */
async function lmModels(): Promise<vscode.LanguageModelChat[]> {
  try {
    return (await vscode.lm?.selectChatModels()) ?? [];
  } catch {
    return [];
  }
}

export async function resolveModel(keys: ApiKeyStore): Promise<ResolvedModel> {
  const settings = readSettings();
  const apiKey = await keys.get();
  const models = await lmModels();
  const infos: LmModelInfo[] = models.map((m) => ({
    id: m.id,
    vendor: m.vendor,
    family: m.family,
    name: m.name,
  }));
  const choice = chooseModel({ ...settings, hasKey: Boolean(apiKey) }, infos);
  return {
    choice,
    settings,
    ...(choice.kind === "lm" ? { lm: models.find((m) => m.id === choice.model.id)! } : {}),
    ...(choice.kind === "openai" && apiKey ? { apiKey } : {}),
  };
}
