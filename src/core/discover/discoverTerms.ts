/**
 * The words Discover indexes and looks up: a question and a file's text are split into words, stop
 * words dropped and the rest stemmed alike, and a run of words may stand for one whole name
 * ("Identity Theft" -> `identity_theft`).
 */

/** Whole names ("Identity Theft") are one index term: their words joined by this character. */
const JOIN = "_";
/** The longest run of a question's words read as one name. */
const MAX_NAME_WORDS = 4;

/** English function words, and the boilerplate of questions ("round to 2 decimal places", "answer yes or no"). */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are aren as at be because been before being below " +
    "between both but by can cannot could couldn did didn do does doesn doing don down during each either else " +
    "ever few for from further had hadn has hasn have haven having he her here hers herself him himself his how " +
    "however i if in into is isn it its itself just let me might more most must mustn my myself neither no nor " +
    "not of off on once only or ought our ours ourselves out over own same shall shan she should shouldn so " +
    "some such than that the their theirs them themselves then there these they this those through thus to too " +
    "under until up upon us very was wasn we were weren what when where whether which while who whom whose why " +
    "will with within without won would wouldn you your yours yourself yourselves " +
    // question boilerplate
    "answer answers explanation explain needed please give tell show find list compute calculate determine " +
    "round rounded rounding decimal decimals place places nearest integer true false yes also using use " +
    "vs versus etc"
  ).split(/\s+/),
);

/** Splits text into words: on anything but letters and digits, and at camelCase boundaries. */
export function tokenize(text: string): string[] {
  return (
    text
      // Plural acronyms stay one word: "CSVs" -> "csvs" (not "CS Vs").
      .replace(/([A-Z]{2,})s(?![a-z])/g, (_m, acronym: string) => `${acronym.toLowerCase()}s`)
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 0)
      // Letters run into digits ("FY2022", "cy2024", "2023Q4") are also read as their parts.
      .flatMap((t) => (/\p{L}/u.test(t) && /\d/.test(t) ? [t, ...t.split(LETTERS_DIGITS)] : [t]))
  );
}

const LETTERS_DIGITS = /(?<=\d)(?=\p{L})|(?<=\p{L})(?=\d)/u;

function undouble(stem: string): string {
  return /([^aeiouslz])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** A light suffix stripper (plurals, -ed, -ing, -er, final e), applied alike to documents and queries. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith("ies") && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (/(?:x|ch|sh|us)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith("s") && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith("ing") && s.length - 3 >= 3 && /[aeiouy]/.test(s.slice(0, -3))) s = undouble(s.slice(0, -3));
  else if (s.endsWith("ed") && s.length - 2 >= 3 && /[aeiouy]/.test(s.slice(0, -2)))
    s = undouble(s.slice(0, -2));
  if (s.endsWith("er") && s.length - 2 >= 4) s = s.slice(0, -2);
  if (s.endsWith("e") && s.length >= 4) s = s.slice(0, -1);
  return s;
}

/** Lower case, no accents, no stop words or single characters, stemmed; null drops the word. */
export function processTerm(term: string): string | null {
  const known = processed.get(term);
  if (known !== undefined) return known;
  const word = term.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const out = word.length < 2 || STOP_WORDS.has(word) ? null : stem(word);
  // Lakes repeat their words (column names, years, categories): each is processed once.
  if (processed.size >= MAX_PROCESSED) processed.clear();
  processed.set(term, out);
  return out;
}

const processed = new Map<string, string | null>();
const MAX_PROCESSED = 200_000;

/** What minisearch indexes of a text: its terms, in order, repeats included (term frequency counts). */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term !== null) out.push(term);
  }
  return out;
}

/** A whole name as one index term: its words processed and joined ("identity_theft"); null when none stays. */
export function nameTerm(name: string): string | null {
  const terms = indexTerms(name);
  return terms.length === 0 || terms.length > MAX_NAME_WORDS ? null : terms.join(JOIN);
}

/** The whole-name terms of a question: every run of 2 to MAX_NAME_WORDS of its words, in order. */
export function nameTermsOf(query: string): string[] {
  const words = indexTerms(query);
  const out: string[] = [];
  for (let n = 2; n <= MAX_NAME_WORDS; n++)
    for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(JOIN));
  return out;
}

/** What the index holds of a field's text: whole names, one per line, for `names`; words otherwise. */
export function fieldTerms(text: string, field?: string): string[] {
  if (field !== "names") return indexTerms(text);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const term = nameTerm(line);
    if (term !== null) out.push(term);
  }
  return out;
}

/** The index terms of a text, in order, without repeats. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}

/** Two to four capitalised words in a row: a name whose initials a file name may use. */
const CAPITALISED_RUN = /\b[A-Z][a-z]+(?:'s)?(?:\s+[A-Z][a-z]+(?:'s)?){1,3}\b/g;

/**
 * The initials of the names a question spells out ("South Australia" -> `sa`, "New South Wales" ->
 * `nsw`): lakes name folders and files by them (`sa/`, `nsw_births.csv`). Stop words stay out ("us").
 */
export function initialismsOf(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(CAPITALISED_RUN)) {
    const initials = m[0]
      .split(/\s+/)
      .map((w) => w[0] ?? "")
      .join("");
    const term = processTerm(initials);
    if (term !== null && !out.includes(term)) out.push(term);
  }
  return out;
}
