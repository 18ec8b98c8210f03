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

/** A word of a text: its folded form (lower case, no accents) and whether it was capitalised. */
export interface Token {
  readonly word: string;
  readonly capitalised: boolean;
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without diacritics ('Côte' → 'cote'). */
export const fold = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text in order. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const raw = match[0];
    const first = raw.charAt(0);
    tokens.push({ word: fold(raw), capitalised: first !== first.toLowerCase() });
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
