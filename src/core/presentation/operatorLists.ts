import { operatorFacts } from "../operators/factsRegistry.ts";

/** The operators in words, in the facts registry's order: the prose lists the agent and MCP are told. */

const facts = Object.values(operatorFacts);

/** The agent's system prompt's list of tools: `Discover (find sources), Bash (…), …`. */
export function promptToolList(): string {
  return facts.map((f) => `${f.name} (${f.promptRole})`).join(", ");
}

/**
 * MCP's instructions: `Find sources with radar_discover, …, read files into tables with radar_scan /
 * radar_union_scan, …` — operators listed one after another that do the same named together.
 */
export function instructionToolList(): string {
  const groups: { does: string; tools: string[]; note: string }[] = [];
  for (const f of facts) {
    const last = groups.at(-1);
    if (last?.does === f.instructionRole.does) last.tools.push(f.toolName);
    else
      groups.push({ does: f.instructionRole.does, tools: [f.toolName], note: f.instructionRole.note ?? "" });
  }
  const text = groups.map((g) => `${g.does} with ${g.tools.join(" / ")}${g.note}`).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
