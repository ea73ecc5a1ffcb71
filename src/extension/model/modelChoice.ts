/**
 * Which model a run uses, decided from settings and what VS Code offers, without the editor API:
 * - `radar.provider` "vscode-lm" or "openai-compatible" forces one;
 * - "auto": an explicitly set `radar.baseUrl` wins (the user pointed RADAR at an endpoint), then a
 *   VS Code chat model (`vscode.lm`, e.g. Copilot's), then OpenAI's endpoint when a key is stored.
 * Nothing configured is a choice too: "none", with what to do about it.
 */

export type ProviderSetting = "auto" | "vscode-lm" | "openai-compatible";

export interface LmModelInfo {
  id: string;
  vendor: string;
  family: string;
  name: string;
}

export interface ModelSettings {
  provider: ProviderSetting;
  /** `radar.model`: the OpenAI-compatible model name, or a preferred VS Code model id/family. */
  model: string;
  baseUrl: string;
  hasKey: boolean;
}

export type ModelChoice =
  | { kind: "lm"; model: LmModelInfo }
  | { kind: "openai"; model: string; baseUrl?: string; needsKey: boolean }
  | { kind: "none"; reason: string };

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

export function chooseModel(settings: ModelSettings, lmModels: LmModelInfo[]): ModelChoice {
  const baseUrl = settings.baseUrl.trim();
  if (baseUrl && !isHttpUrl(baseUrl))
    return { kind: "none", reason: `radar.baseUrl "${baseUrl}" is not an http(s) URL.` };
  const openai = (): ModelChoice => ({
    kind: "openai",
    model: settings.model.trim() || DEFAULT_OPENAI_MODEL,
    ...(baseUrl ? { baseUrl } : {}),
    // OpenAI's own endpoint always needs a key; a custom one (a local server) may not.
    needsKey: !baseUrl,
  });
  const lm = pickLm(lmModels, settings.model);
  switch (settings.provider) {
    case "openai-compatible":
      return baseUrl || settings.hasKey
        ? openai()
        : {
            kind: "none",
            reason:
              "radar.provider is openai-compatible, but no API key is stored and radar.baseUrl is empty.",
          };
    case "vscode-lm":
      return lm
        ? { kind: "lm", model: lm }
        : {
            kind: "none",
            reason:
              "radar.provider is vscode-lm, but VS Code offers no chat model (install and sign in to a provider such as GitHub Copilot).",
          };
    default:
      if (baseUrl) return openai();
      if (lm) return { kind: "lm", model: lm };
      if (settings.hasKey) return openai();
      return {
        kind: "none",
        reason:
          "No language model is set up: VS Code offers no chat model, and no API key for an OpenAI-compatible endpoint is stored.",
      };
  }
}

/** The model named by `radar.model` (id, family or name), else the first one offered. */
export function pickLm(models: LmModelInfo[], preferred: string): LmModelInfo | undefined {
  const want = preferred.trim().toLowerCase();
  if (want) {
    const match = models.find((m) => [m.id, m.family, m.name].some((x) => x.toLowerCase() === want));
    if (match) return match;
  }
  return models[0];
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An endpoint as logs may show it: no credentials, no query string. */
export function safeEndpoint(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

export function normalizeProvider(value: unknown): ProviderSetting {
  return value === "vscode-lm" || value === "openai-compatible" ? value : "auto";
}
