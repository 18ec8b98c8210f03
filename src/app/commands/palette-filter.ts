import { defaultFilter } from 'cmdk';

/**
 * The palette's ranking: a command whose title holds the typed words comes before one that only
 * matches fuzzily ("feed" → 'Go to Feed sources…' first, not 'Suggested actions' through its
 * keyword 'feeds' or a scattered f-e-e-d). cmdk's own score (at most 1) orders the rest.
 */
export function paletteScore(title: string, search: string, keywords: readonly string[] = []) {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const name = title.toLowerCase();
  const startsAWord = (text: string, word: string) =>
    text.startsWith(word) || text.includes(` ${word}`);
  if (words.every((word) => startsAWord(name, word))) return 4;
  if (words.every((word) => name.includes(word))) return 3;
  const spoken = keywords.map((keyword) => keyword.toLowerCase());
  if (words.every((word) => name.includes(word) || spoken.some((k) => k.includes(word)))) {
    return 2;
  }
  return defaultFilter(title, search, [...keywords]);
}
