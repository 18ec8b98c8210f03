import { LocationType } from '../enums';
import { contextTagCues, countrySynonyms, diseaseSynonyms } from './synonyms';
import type { Token } from './text';
import { tokenize } from './text';

/**
 * Dictionary tagging (issue 8): diseases from the lookups and their synonyms, places from the
 * gazetteer, context tags from cue words. At each word the longest known name wins ('Papua New
 * Guinea' before 'Guinea', 'bird flu' before 'flu'). A place name counts only when written
 * capitalised (so 'male' is not Malé) and, when several places share it, the most populous one is
 * taken (a country before a town of the same name). Acronyms count only when capitalised.
 */

export interface DiseaseName {
  readonly diseaseId: number;
  readonly displayName: string;
}

export interface GazetteerPlace {
  readonly id: number;
  readonly name: string;
  readonly locationType: number;
  /** The containing country (its own id for a country). */
  readonly countryId: number | null;
  readonly population: number;
}

export interface ContextTagName {
  readonly id: number;
  readonly displayName: string;
}

export interface TaggingDictionary {
  readonly diseases: readonly DiseaseName[];
  readonly places: readonly GazetteerPlace[];
  readonly contextTags: readonly ContextTagName[];
}

/** What the tagger found, each list in order of first mention (title first). */
export interface ArticleTags {
  readonly diseaseIds: readonly number[];
  /** Places named, most specific as written (cities, provinces and countries). */
  readonly locationIds: readonly number[];
  /** Countries of those places, the most mentioned first. */
  readonly countryIds: readonly number[];
  readonly contextTagIds: readonly number[];
}

type Entry =
  | { readonly kind: 'disease'; readonly id: number; readonly acronym: boolean }
  | { readonly kind: 'place'; readonly place: GazetteerPlace }
  | { readonly kind: 'tag'; readonly id: number };

interface Phrase {
  readonly words: readonly string[];
  readonly entry: Entry;
}

/** Words allowed lower case inside a capitalised place name ('Bosnia and Herzegovina'). */
const joiningWords = new Set(['of', 'the', 'and', 'de', 'la', 'du', 'des', 'do', 'da', 'el']);

const isAcronym = (name: string) =>
  /^[A-Z0-9][A-Z0-9.-]*[A-Z0-9.]$/.test(name) && /[A-Z]/.test(name);

/** Names derived from a disease's display name: without its parenthesis, the parenthesis alone, without 'virus disease'. */
function derivedDiseaseNames(displayName: string): string[] {
  const names = [displayName];
  const paren = /^(.*?)\s*\(([^)]*)\)\s*(.*)$/.exec(displayName);
  if (paren) {
    const outside = `${paren[1] ?? ''} ${paren[3] ?? ''}`.trim();
    if (outside.split(' ').length > 1) names.push(outside);
    if ((paren[2] ?? '').length > 2 && !/^seasonal$/i.test(paren[2] ?? ''))
      names.push(paren[2] ?? '');
  }
  const virus = /^(.*) virus (disease|infection)$/i.exec(displayName);
  if (virus?.[1]) names.push(`${virus[1]} virus`, virus[1]);
  return names;
}

/** A prepared dictionary: phrases indexed by their first word. */
export class Tagger {
  private readonly byFirstWord = new Map<string, Phrase[]>();

  constructor(dictionary: TaggingDictionary) {
    for (const d of dictionary.diseases) {
      const names = [
        ...derivedDiseaseNames(d.displayName),
        ...(diseaseSynonyms[d.displayName] ?? []),
      ];
      for (const name of names) {
        this.add(name, { kind: 'disease', id: d.diseaseId, acronym: isAcronym(name) });
      }
    }
    for (const place of dictionary.places) {
      this.add(place.name, { kind: 'place', place });
      if (place.locationType === LocationType.Country) {
        for (const name of countrySynonyms[place.name] ?? [])
          this.add(name, { kind: 'place', place });
      }
    }
    for (const tag of dictionary.contextTags) {
      for (const cue of contextTagCues[tag.displayName] ?? [])
        this.add(cue, { kind: 'tag', id: tag.id });
    }
    // Longest phrases first; among places of one name, the most populous first.
    for (const list of this.byFirstWord.values()) {
      list.sort(
        (a, b) =>
          b.words.length - a.words.length ||
          (b.entry.kind === 'place' ? b.entry.place.population : 0) -
            (a.entry.kind === 'place' ? a.entry.place.population : 0),
      );
    }
  }

  private add(name: string, entry: Entry): void {
    const words = tokenize(name).map((t) => t.word);
    const first = words[0];
    if (first === undefined) return;
    // One-letter and two-letter place names are mostly noise ('Bo', 'Ba').
    if (entry.kind === 'place' && words.length === 1 && first.length <= 2 && !isAcronym(name))
      return;
    const list = this.byFirstWord.get(first);
    const phrase = { words, entry };
    if (list) list.push(phrase);
    else this.byFirstWord.set(first, [phrase]);
  }

  private matches(tokens: readonly Token[], at: number, phrase: Phrase): boolean {
    const { words, entry } = phrase;
    for (let i = 0; i < words.length; i += 1) {
      const token = tokens[at + i];
      if (!token || token.word !== words[i]) return false;
      if (entry.kind === 'place' && !token.capitalised && !joiningWords.has(token.word))
        return false;
      if (entry.kind === 'disease' && entry.acronym && !token.capitalised) return false;
    }
    return true;
  }

  /** Tags a title and a plain-text body. */
  tag(title: string, body: string): ArticleTags {
    const tokens = [...tokenize(title), { word: '\u0000', capitalised: false }, ...tokenize(body)];
    const diseases = new Map<number, number>();
    const places = new Map<number, GazetteerPlace>();
    const countries = new Map<number, number>();
    const tags = new Set<number>();
    const count = (map: Map<number, number>, id: number) => map.set(id, (map.get(id) ?? 0) + 1);
    for (let at = 0; at < tokens.length;) {
      const candidates = this.byFirstWord.get(tokens[at]?.word ?? '') ?? [];
      const phrase = candidates.find((p) => this.matches(tokens, at, p));
      if (!phrase) {
        at += 1;
        continue;
      }
      const { entry } = phrase;
      if (entry.kind === 'disease') count(diseases, entry.id);
      else if (entry.kind === 'tag') tags.add(entry.id);
      else {
        places.set(entry.place.id, entry.place);
        const countryId = entry.place.countryId ?? entry.place.id;
        count(countries, countryId);
      }
      at += phrase.words.length;
    }
    // Most mentioned first; Map order (first mention) breaks ties.
    const ranked = (map: Map<number, number>) =>
      [...map].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    return {
      diseaseIds: ranked(diseases),
      locationIds: [...places.keys()],
      countryIds: ranked(countries),
      contextTagIds: [...tags],
    };
  }
}
