/**
 * Lexical analysis shared by the SQL translation and the TypeScript reference: a token is a run
 * of Unicode letters, combining marks and digits, where a single `.` between two such characters
 * stays inside the token (`U.S.` → `u.s`, `3.14`, `x.com`), lowercased.
 *
 * This follows PostgreSQL's default parser under the 'simple' configuration (which builds the
 * `${field}_tsv` columns) wherever the two can agree, and Lucene's standard analyzer otherwise.
 * Known differences are listed in ./README.md (hyphenated words, signed numbers, URLs, e-mails).
 */

/** Lucene's standard tokenizer splits longer tokens at this length; so do we. */
export const MAX_TOKEN_LENGTH = 255;

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:\.[\p{L}\p{M}\p{N}]+)*/gu;
const PREFIX = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}.]*$/u;

/** The lowercase word tokens of a text, in order (positions are array indexes). */
export function analyze(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].toLowerCase();
    if (token.length <= MAX_TOKEN_LENGTH) {
      tokens.push(token);
      continue;
    }
    // Split by code point so a surrogate pair is never cut in half.
    const chars = Array.from(token);
    for (let i = 0; i < chars.length; i += MAX_TOKEN_LENGTH) {
      tokens.push(chars.slice(i, i + MAX_TOKEN_LENGTH).join(''));
    }
  }
  return tokens;
}

/**
 * Whether a (lowercased) prefix can begin some token analyze() produces. Prefix queries are not
 * analysed (Lucene only lowercases them), so `wi-f*` can never match a standard-analyzer index.
 */
export function isMatchablePrefix(prefix: string): boolean {
  return prefix.length <= MAX_TOKEN_LENGTH && PREFIX.test(prefix);
}
