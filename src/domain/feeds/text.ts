/**
 * Text normalisation shared by clustering and tagging (issue 8): feed HTML to plain text, and
 * plain text to word tokens that keep their offsets and capitalisation (place names must be
 * written capitalised to count).
 */

import { decodeHtmlEntities } from '../html-entities';

/** Plain text of a feed's HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return decodeHtmlEntities(
    html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A word of a text: its folded form (lower case, no accents), whether it was capitalised, whether
 * it was written all in capitals, and whether it opens a sentence (a capital there proves nothing).
 */
export interface Token {
  readonly word: string;
  readonly capitalised: boolean;
  /** A letter of a script without case (Arabic): a name there has no capital to check. */
  readonly caseless?: boolean;
  readonly upper?: boolean;
  readonly sentenceStart?: boolean;
  /** Only white space between this word and the one before ('Toronto Public', not 'Gdansk, Poland'). */
  readonly spaced?: boolean;
  /** Only a hyphen between this word and the one before ('Windsor-Essex'): one compound name. */
  readonly hyphen?: boolean;
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Arabic letters written several ways for one sound (hamza seats, alef maqsura, taa marbuta). */
const arabicVariants: Readonly<Record<string, string>> = {
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0649': '\u064A',
  '\u0629': '\u0647',
};
const arabicVariantPattern = /[\u0622\u0623\u0625\u0629\u0649]/g;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** Lower case without diacritics ('Côte' → 'cote'; Arabic vowel marks and letter variants too). */
export const fold = (text: string): string =>
  isAscii(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(arabicVariantPattern, (c) => arabicVariants[c] ?? c)
        .toLowerCase();

/** Whether the text between two words ends a sentence ('. ', '? "', ': '). */
function endsSentence(text: string, from: number, to: number): boolean {
  for (let i = to - 1; i >= from; i -= 1) {
    const c = text.charCodeAt(i);
    // Spaces, quotes and an opening parenthesis may come between the stop and the word.
    if (c <= 32 || c === 34 || c === 39 || c === 40 || c === 0x201c || c === 0x2018) continue;
    return c === 46 || c === 33 || c === 63 || c === 58;
  }
  return false;
}

function onlySpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) > 32) return false;
  return true;
}

/** The words of a text in order. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(wordPattern)) {
    const raw = match[0];
    const at = match.index;
    const first = raw.charAt(0);
    const lower = first.toLowerCase();
    const capitalised = first !== lower;
    const word = fold(raw);
    tokens.push({
      word,
      capitalised,
      caseless: !capitalised && first === first.toUpperCase() && /\p{L}/u.test(first),
      upper: capitalised && raw.length > 1 && raw === raw.toUpperCase() && raw !== word,
      sentenceStart: tokens.length === 0 || endsSentence(text, last, at),
      spaced: tokens.length > 0 && onlySpaces(text, last, at),
      hyphen: tokens.length > 0 && at === last + 1 && text.charCodeAt(last) === 45,
    });
    last = at + raw.length;
  }
  return tokens;
}

/** Words that say nothing about which story an article tells. */
export const stopWords: ReadonlySet<string> = new Set(
  (
    'a an the and or but of in on at to for from by with as is are was were be been being has have ' +
    'had it its this that these those after before over under into about than then there their ' +
    'they he she his her we our you your not no more most new also said says say will would can ' +
    'could may might up out so if while during amid since per all any some other s'
  ).split(' '),
);
