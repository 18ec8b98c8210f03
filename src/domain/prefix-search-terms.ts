/**
 * Typed words as a search service query (spec 000 §7 "Search terms become '+word' prefixes
 * with a trailing '*'"), shared by the location and article source searches.
 */

/** The words of what was typed (letters and digits; anything else separates words). */
export const typedWords = (text: string): string[] =>
  text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/**
 * Every word required, each matching the start of a word. Only letters and digits reach the
 * query, so nothing needs escaping; at most 8 words.
 */
export function requiredPrefixTerms(text: string): string {
  return typedWords(text)
    .slice(0, 8)
    .map((word) => `+${word}*`)
    .join(' ');
}
