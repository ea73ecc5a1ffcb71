// The shapes shared by the lake generators: options, the manifest of what was written, and the
// questions with their gold answers (KramaBench's task format, plus the traps a naive reading falls into).

export type LakeKind = "water" | "wildfire";
export type LakeScale = "tiny" | "bench" | "workspace";

export const LAKE_KINDS: readonly LakeKind[] = ["water", "wildfire"];
export const LAKE_SCALES: readonly LakeScale[] = ["tiny", "bench", "workspace"];

export interface LakeOptions {
  scale: LakeScale;
  seed: number;
}

export interface LakeFileInfo {
  /** POSIX path relative to the lake root. */
  path: string;
  bytes: number;
  /** Data rows: records below the header, without title, label or footnote lines; sheets summed for a workbook. */
  rows: number;
  /** What the file is, in a few words (for the manifest reader, never shown to an analyst). */
  role: string;
}

export type GoldAnswer = number | string | (number | string)[];

export type AnswerType =
  | "numeric_exact"
  | "numeric_approximate"
  | "string_exact"
  | "string_approximate"
  | "list_exact"
  | "list_approximate";

export interface LakeQuestion {
  id: string;
  query: string;
  answer: GoldAnswer;
  answer_type: AnswerType;
  /** Gold files, as exact paths relative to the lake root. */
  data_sources: string[];
  /** The silent errors a naive analysis of this question falls into (names from TRAPS). */
  traps: string[];
  /** What the naive analysis returns, where the generator computes it (always different from `answer`). */
  naive_answer?: GoldAnswer;
  /** How the naive answer comes about, in one sentence. */
  naive_how?: string;
}

export interface LakeManifest {
  kind: LakeKind;
  scale: LakeScale;
  seed: number;
  generatorVersion: number;
  files: LakeFileInfo[];
  bytes: number;
  questions: LakeQuestion[];
  readme: string;
}
