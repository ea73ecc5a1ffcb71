import type { TokenUsage } from "./chatModel.ts";

/** US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * OpenAI's list prices for standard requests (USD per 1M tokens) when this table was written;
 * they change, so a caller may pass its own. Dated snapshots (`gpt-4o-2024-08-06`) take their
 * family's price. Local and unknown models have no price: their cost is reported as unknown.
 */
const KNOWN_PRICES: Record<string, ModelPrice> = {
  "gpt-5": { inputPerMillion: 1.25, outputPerMillion: 10 },
  "gpt-5-mini": { inputPerMillion: 0.25, outputPerMillion: 2 },
  "gpt-5-nano": { inputPerMillion: 0.05, outputPerMillion: 0.4 },
  "gpt-4.1": { inputPerMillion: 2, outputPerMillion: 8 },
  "gpt-4.1-mini": { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  "gpt-4.1-nano": { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  "gpt-4o": { inputPerMillion: 2.5, outputPerMillion: 10 },
  "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  o3: { inputPerMillion: 2, outputPerMillion: 8 },
  "o3-mini": { inputPerMillion: 1.1, outputPerMillion: 4.4 },
  "o4-mini": { inputPerMillion: 1.1, outputPerMillion: 4.4 },
};

export function priceOf(model: string): ModelPrice | undefined {
  const name = model.toLowerCase().replace(/^openai\//, "");
  const family = Object.keys(KNOWN_PRICES)
    .sort((a, b) => b.length - a.length)
    .find(
      (key) => name === key || new RegExp(`^${key.replace(/\./g, "\\.")}-\\d{4}-\\d{2}-\\d{2}$`).test(name),
    );
  return family ? KNOWN_PRICES[family] : undefined;
}

export function costOf(usage: TokenUsage, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1e6;
}
