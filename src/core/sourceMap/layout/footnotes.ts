import type { CountingRule } from "../sourceEntry.ts";

/**
 * Footnotes of published tables: telling a note about the table above from the title of the table
 * below, and finding the notes that state how the rows were counted — the ones that decide whether
 * summing or dividing across the table's categories means anything.
 */

/** A lone line between two tables that comments on the one above rather than naming the one below. */
export function footnoteLike(text: string): boolean {
  const t = text.trim();
  if (/^(sources?|notes?|footnotes?|excludes?|includes?)\b\s*[:.]?/i.test(t)) return true;
  if (/^[*†‡§¶¹²³⁴⁵⁶⁷⁸⁹]|^\(\d+\)|^\[\d+\]/.test(t)) return true;
  // A sentence, not a heading: ends with a full stop and runs to several words.
  return /[.!?]["”)]?$/.test(t) && t.split(/\s+/).length >= 6;
}

interface RulePattern {
  kind: CountingRule["kind"];
  pattern: RegExp;
}

const RULES: RulePattern[] = [
  {
    kind: "overlap",
    pattern:
      /\b(can|may|could|might)\s+(report|select|choose|name|give|be counted in|fall (into|in)|belong to)\s+(more than one|multiple|several|two or more)\b|\bmore than one (type|category|categories|subcategory|answer|response|option|reason|method|kind)\b|\bmultiple (types|categories|responses|answers|options|reasons|selections)\b|\b(counted|included|appear) (in|under) (more than one|multiple|several|both)\b|\bcounted (more than once|twice)\b|\bdouble[- ]counted\b|\bnot mutually exclusive\b/i,
  },
  {
    kind: "not-100",
    pattern:
      /\b(may|might|do|does|will|can|need)\s+not\s+(add|sum|total)\s+(up\s+)?to\s+100\b|\bnot\s+(add|sum)\s+(up\s+)?to\s+100\b|\bexceeds?\s+100\s*(%|percent)|\b(sum|total)s?\s+(to\s+)?more than 100\b/i,
  },
  { kind: "excludes", pattern: /\bexclud(e|es|ed|ing)\b|\bnot included\b|\bare omitted\b|\bleaves? out\b/i },
  {
    kind: "denominator",
    pattern:
      /\b(percentages?|percents?|shares?|rates?|ratios?)\s+(are|is|were)\s+(based on|calculated (on|from)|computed (on|from)|relative to|out of)\b/i,
  },
  {
    kind: "subset",
    pattern:
      /\bof the [\d,]+ total\b|\b\d+(\.\d+)?\s*%\s+(of (them|these|reports|respondents|consumers|those)\s+)?(provided|included|reported|indicated|gave)\b|\bonly (includes?|counts?|covers?)\b|\bincludes? only\b/i,
  },
];

/** Sentences of the text (a footnote may hold several rules; each is quoted on its own). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The counting rules stated by a table's footnotes (and title lines): every sentence that states one. */
export function countingRules(notes: { line: number; text: string }[]): CountingRule[] {
  const out: CountingRule[] = [];
  for (const note of notes)
    for (const sentence of sentences(note.text))
      for (const { kind, pattern } of RULES)
        if (pattern.test(sentence)) out.push({ kind, sentence, text: note.text, line: note.line });
  return out;
}
