import { tokenize } from "./discoverTerms.ts";

/**
 * Words run together in file names (`tasmaniantopbabynames20102015.xlsx`, `femalecy2016top.csv`) read
 * apart with the lake's own vocabulary — the words its other names and columns spell out — so that
 * "Tasmanian" finds the first: the known words (`top`, `baby`, `names`) are cut off and what stays
 * (`tasmanian`) is a word of its own. Names the lake does not explain stay whole.
 */

/** Shorter runs of letters are words as they are. */
const MIN_GLUED = 8;
/** Pieces shorter than this are neither vocabulary nor a leftover word. */
const MIN_PIECE = 3;
const MAX_PIECE = 24;

/** The words a lake spells out (runs of letters of at least MIN_PIECE, lower case), and which of
 *  them are column words: a run a column spells is a word, not a glued name. */
export interface LakeVocabulary {
  words: Set<string>;
  columnWords: Set<string>;
}

/** A text's words as Discover splits them (tokenize), the runs of letters of MIN_PIECE or more. */
function wordsOf(text: string): string[] {
  return tokenize(text)
    .filter((w) => w.length >= MIN_PIECE && /^\p{L}+$/u.test(w))
    .map((w) => w.toLowerCase());
}

export function lakeVocabulary(paths: Iterable<string>, columns: Iterable<string>): LakeVocabulary {
  const words = new Set<string>();
  const columnWords = new Set<string>();
  for (const path of paths) for (const w of wordsOf(path)) words.add(w);
  for (const column of columns)
    for (const w of wordsOf(column)) {
      words.add(w);
      columnWords.add(w);
    }
  return { words, columnWords };
}

/**
 * The pieces of one run of letters: known words and at most one leftover of MIN_PIECE letters or more,
 * when at least two known words spell 40 % of the run or more; undefined otherwise.
 * Among the ways to cut, the one leaving the fewest letters unexplained, then the fewest pieces, wins.
 */
export function splitGlued(run: string, lake: LakeVocabulary): string[] | undefined {
  const word = run.toLowerCase();
  if (word.length < MIN_GLUED || !/^\p{L}+$/u.test(word) || lake.columnWords.has(word)) return undefined;
  const vocabulary = lake.words;
  // The lightest cut of word[i..] with `leftovers` still allowed, memoised by both.
  const memo = new Map<string, string[] | null>();
  const cut = (i: number, leftovers: number): string[] | null => {
    if (i === word.length) return [];
    const key = `${i}:${leftovers}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best: string[] | null = null;
    for (let j = Math.min(word.length, i + MAX_PIECE); j >= i + MIN_PIECE; j--) {
      const piece = word.slice(i, j);
      // The run itself is in the vocabulary (it is a word of the lake's names): it is not a piece.
      const isWord = piece !== word && vocabulary.has(piece);
      if (!isWord && leftovers === 0) continue;
      const rest = cut(j, isWord ? leftovers : leftovers - 1);
      if (rest === null) continue;
      // A known word weighs one, a leftover one per letter: the cut that explains most of the run wins.
      const weight = (pieces: string[]): number =>
        pieces.reduce((n, p) => n + (p !== word && vocabulary.has(p) ? 1 : 1 + p.length), 0);
      const candidate = [piece, ...rest];
      if (best === null || weight(candidate) < weight(best)) best = candidate;
    }
    memo.set(key, best);
    return best;
  };
  const pieces = cut(0, 1);
  if (pieces === null) return undefined;
  const known = pieces.filter((p) => p !== word && vocabulary.has(p));
  // Two known words that spell at least 40 % of the run: less is a guess at a word's syllables.
  if (known.length < 2 || known.join("").length < 0.4 * word.length) return undefined;
  // Names put their subject first and the words of the kind of file after it ("tasmanian" + "top baby
  // names"): the run with its known last words peeled off is a word too, whatever the cut took from it.
  const subject = peelEnd(word, vocabulary);
  return subject.length >= MIN_GLUED / 2 && !pieces.includes(subject) ? [...pieces, subject] : pieces;
}

/** The run without the known words it ends with, the longest first. */
function peelEnd(word: string, vocabulary: ReadonlySet<string>): string {
  let rest = word;
  for (;;) {
    let cut = 0;
    for (let n = Math.min(MAX_PIECE, rest.length - MIN_PIECE); n >= MIN_PIECE; n--)
      if (vocabulary.has(rest.slice(-n))) {
        cut = n;
        break;
      }
    if (cut === 0) return rest;
    rest = rest.slice(0, -cut);
  }
}

/** The words of a path's glued runs, read apart; empty when none is. */
export function gluedPathWords(path: string, vocabulary: LakeVocabulary): string[] {
  const out: string[] = [];
  for (const run of path.split(/[^\p{L}]+/u)) {
    const pieces = splitGlued(run, vocabulary);
    if (pieces) out.push(pieces.join(" "));
  }
  return out;
}
