import { defaultFilter } from 'cmdk';

/**
 * The palette's ranking: a command whose title holds the typed words comes before one that only
 * matches fuzzily ("feed" → 'Go to Feed sources…' first, not 'Suggested actions' through its
 * keyword 'feeds' or a scattered f-e-e-d). cmdk's own score (at most 1) orders the rest.
 */
export function paletteScore(title: string, search: string, keywords: readonly string[] = []) {
  const phrase = search.trim().toLowerCase();
  const words = phrase.split(/\s+/).filter(Boolean);
  const fuzzy = defaultFilter(title, search, [...keywords]);
  if (words.length === 0) return 1;
  const name = title.toLowerCase();
  const startsAWord = (text: string, word: string) =>
    text.startsWith(word) || text.includes(` ${word}`);
  const spoken = keywords.map((keyword) => keyword.toLowerCase());
  // Tiers, best first; within a tier cmdk's score (at most 1) breaks the tie.
  const tier = startsAWord(name, phrase)
    ? 5
    : words.every((word) => startsAWord(name, word))
      ? 4
      : words.every((word) => name.includes(word))
        ? 3
        : words.every((word) => name.includes(word) || spoken.some((k) => k.includes(word)))
          ? 2
          : 0;
  return tier === 0 ? fuzzy : tier + fuzzy / 2;
}
