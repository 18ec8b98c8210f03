import { LocationType } from '../enums';
import { isoCodeOfCountryName, countryNames } from './tagger-country-names';
import {
  diseaseNamesByLanguage,
  genericAvianInfluenzaNames,
  nonPlacePhrases,
  supportingDiseaseNames,
} from './tagger-disease-names';
import { cityExonyms, divisionExonyms, divisionShortName } from './tagger-division-names';
import { outsideDiseaseNames } from './tagger-outside-diseases';
import {
  absenceWords,
  airlineWords,
  animalCoronavirusQualifiers,
  animalInfluenzaHosts,
  basedWords,
  borderWords,
  compassWords,
  diseaseComparisonCues,
  divisionWords,
  diseaseRoleNouns,
  nonH5n1Subtype,
  landformWords,
  listJoiners,
  subtypeWord,
  variantSubtype,
  ordinaryWords,
  riverWords,
  languageNouns,
  mediaWords,
  placeOpeners,
  placeQualifiers,
  townWords,
  travelCues,
  travelVerbs,
  sampleWords,
  shipmentWords,
  withinWords,
  missionWords,
  symptomWords,
  symptomListOpeners,
  meningococcalWords,
  otherMeningitisGerms,
  otherMeningitisKinds,
  swineFluReadings,
  causeWords,
  gutFluWords,
  mailWords,
  namesakeWords,
  gluedSubtype,
  streetWords,
  exclusionCues,
  americasCountries,
  pulmonaryHantavirusWords,
  personTitles,
  lyssavirusWords,
  nationalityNouns,
  vaccineWords,
  speechWords,
} from './tagger-words';
import { contextTagCues, diseaseSynonyms } from './synonyms';
import type { Token } from './text';
import { fold, stopWords, tokenize } from './text';

/**
 * Dictionary tagging (issues 8 and 29). Names are matched on folded words through a word trie,
 * longest name first, in one pass over the text (linear in its length): diseases (lookups, WHO and
 * press names, pathogens, four other languages), places (the gazetteer, every country's names in
 * five languages, unambiguous demonyms) and context tags. A disease name's words are consumed
 * before any place can claim them ('Sudan virus disease', 'West Nile', 'Lassa').
 *
 * Places are then resolved with evidence: a country name counts; a city or division counts when
 * its country is named in the article (or, unqualified, when it is a large place whose name is no
 * ordinary word); a name that is an ordinary word ('North', 'Reading', 'Split') needs its country
 * named and a qualifier beside it ('North Region', 'Split, Croatia').
 *
 * Finally mentions are weighed (title, dateline, lead, frequency; a traveller's origin or a
 * neighbour weighs less) and the tags returned are what the article is ABOUT: see
 * docs/decisions/0054-article-about-vs-mentions.md. Diseases outside the lookups
 * (tagger-outside-diseases.ts) are weighed too, so that a report on one of them is not taken for
 * a report on a lookup it names in passing, and one disease is the subject unless a second
 * weighs nearly as much (docs/decisions/0075-outside-diseases-and-one-subject.md) and the title
 * or the lead names it; one country unless another weighs nearly as much
 * (docs/decisions/0083-one-country-and-led-second-diseases.md).
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
  /** ISO 3166-1 alpha-2 of a country (ISO 3166-2 of a division); derived from the name if absent. */
  readonly isoCode?: string | null;
}

export interface ContextTagName {
  readonly id: number;
  readonly displayName: string;
}

/** A county the gazetteer has no place for, by its name without 'County' (decision 0089). */
export interface CountyName {
  readonly name: string;
  /** The country it lies in. */
  readonly countryId: number;
}

export interface TaggingDictionary {
  readonly diseases: readonly DiseaseName[];
  readonly places: readonly GazetteerPlace[];
  readonly contextTags: readonly ContextTagName[];
  /** Counties by name ('Harnett' for Harnett County, North Carolina): the United States'. */
  readonly counties?: readonly CountyName[];
}

/**
 * What the tagger found. `diseaseIds`, `countryIds` and `locationIds` are what the article is
 * about (stored as its tags, used by suggestions, the main country and the map), most weight
 * first; the `mentioned…` lists hold every disease and country named, context included.
 */
export interface ArticleTags {
  readonly diseaseIds: readonly number[];
  /** Places the article is about, most specific as written (cities, divisions and countries). */
  readonly locationIds: readonly number[];
  /** Countries the article is about, the main one first. */
  readonly countryIds: readonly number[];
  readonly contextTagIds: readonly number[];
  readonly mentionedDiseaseIds: readonly number[];
  readonly mentionedCountryIds: readonly number[];
}

type Entry =
  | {
      readonly kind: 'disease';
      readonly id: number;
      readonly acronym: boolean;
      readonly supporting: boolean;
      /** A name without a subtype ('bird flu'): yields to another subtype named in the article. */
      readonly generic: boolean;
      /**
       * A disease outside the lookups (decision 0075; its id is negative): it competes for what
       * the article is about but is never a tag.
       */
      readonly outside: boolean;
      /**
       * A name written with a capital inside it ('NiV'): only so, since the same letters in
       * capitals are another acronym ('NIV', India's National Institute of Virology; decision 0082).
       */
      readonly mixedCase?: boolean;
    }
  | {
      readonly kind: 'place';
      readonly places: GazetteerPlace[];
      readonly acronym: boolean;
      readonly demonym: boolean;
      /**
       * Positions (after the first) of words the name may have in lower case: those a spelling
       * writes so ('Guinée équatoriale'), and every later word of a country's name.
       */
      readonly lowerAt: Set<number>;
      /**
       * Countries this name names only in another language ('Chili', 'Mauricio'): in an English
       * article, a mention of them needs the country named in English too (decision 0079).
       */
      readonly foreign: Set<number>;
      /**
       * A county known only by name ('Harnett County'; decision 0089): its place is a stand-in
       * in its country, counted as a town is, with no population.
       */
      readonly county?: boolean;
    }
  | { readonly kind: 'tag'; readonly id: number }
  | { readonly kind: 'none' };

interface TrieNode {
  readonly next: Map<string, TrieNode>;
  entries: Entry[];
}

interface Mention {
  readonly entry: Entry;
  readonly start: number;
  readonly end: number;
  readonly weight: number;
  /** Written as where someone travelled ('he visited Saudi Arabia'): see `firstTravel` in `tag`. */
  readonly travel?: boolean;
  /** Weighed as context already (a cue before it, a border after it). */
  readonly context?: boolean;
}

/** Words allowed lower case inside a capitalised place name ('Bosnia and Herzegovina'). */
const joiningWords = new Set([
  'of',
  'the',
  'and',
  'de',
  'la',
  'du',
  'des',
  'do',
  'da',
  'dos',
  'das',
  'el',
  'del',
  'd',
  'l',
  'y',
  'e',
  'et',
  'al',
  'les',
  'los',
  'las',
  'on',
  'upon',
]);

const isAcronym = (name: string) =>
  /^[A-Z0-9][A-Z0-9.-]*[A-Z0-9.]$/.test(name) && /[A-Z]/.test(name);
/** One word with a capital after a small letter ('NiV', 'HeV'). */
const isMixedCase = (name: string) => /^[A-Z][a-z]+[A-Z][A-Za-z]*$/.test(name);

const arabicLetter = /[\u0600-\u06FF]/;
const noNodes: readonly TrieNode[] = [];
/** Arabic proclitics written joined to the next word ('والسودان', 'بالكوليرا', 'للسودان'). */
const arabicPrefixes = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف', 'ك'];

/** Names derived from a disease's display name: without its parenthesis, the parenthesis alone, without 'virus disease'. */
function derivedDiseaseNames(displayName: string): string[] {
  const names = [displayName];
  const paren = /^(.*?)\s*\(([^)]*)\)\s*(.*)$/.exec(displayName);
  if (paren) {
    const outside = `${paren[1] ?? ''} ${paren[3] ?? ''}`.trim();
    // 'Avian influenza A(H5N1)' without its subtype is every avian influenza A: 'avian influenza
    // A(H7N9)' is no H5N1.
    const subtype = /^H\d{1,2}N\d{1,2}$/i.test(paren[2] ?? '');
    if (outside.split(' ').length > 1 && !subtype) names.push(outside);
    if ((paren[2] ?? '').length > 2 && !/^seasonal$/i.test(paren[2] ?? ''))
      names.push(paren[2] ?? '');
  }
  const virus = /^(.*) virus (disease|infection)$/i.exec(displayName);
  if (virus?.[1]) names.push(`${virus[1]} virus`, virus[1]);
  return names;
}

const weights = { title: 4, dateline: 3, lead: 2, body: 1 } as const;
/** Body words that make up the lead (roughly the first two sentences of a report). */
const leadWords = 60;
/** A mention preceded by a travel or neighbour cue weighs this much of its place's weight. */
const contextFactor = 0.25;
/** Demonyms ('Ugandan officials') are weaker evidence of what an article is about. */
const demonymFactor = 0.5;
/** A place not qualified by its country counts alone from this population (a large city). */
const unqualifiedPopulation = 500_000;
/**
 * Tags weighing at least this share of the heaviest are what the article is about. A country
 * needs 70 % (decision 0083; half before): an outbreak report is about one country, or about
 * several named nearly alike ('cholera in Haiti and the Dominican Republic', 'in Guinea, Liberia
 * and Sierra Leone'); a country named less is context (a neighbour, a supplier, an earlier case).
 */
const aboutShare = { country: 0.7, disease: 0.3 } as const;
/** A second disease is about the article too when it weighs this share of the first (0075). */
const comparableShare = 0.6;

/** A prepared dictionary: names in a trie of folded words. */
export class Tagger {
  private readonly root: TrieNode = { next: new Map(), entries: [] };
  private readonly placeNames = new Map<string, Extract<Entry, { kind: 'place' }>>();
  /** Place names (words key and place id) written by an English spelling. */
  private readonly englishPlaceNames = new Set<string>();
  /** A country's id → its ISO 3166-1 code. */
  private readonly isoOfCountry = new Map<number, string>();
  /** A country's folded names → its id (to read 'Split, Croatia'). */
  private readonly countryIdOfWords = new Map<string, number>();
  /** Lookup ids the disease rules of decision 0071 read one name as another by (absent: none). */
  private readonly ruleIds: Readonly<Record<keyof typeof ruleDiseases, number | undefined>>;
  /** Outside ids below the listed ones: influenza subtypes outside the lookups ('H7N9'). */
  private readonly firstSubtypeId: number;
  /** The outside disease 'swine flu' reads as (tagger-outside-diseases.ts), if listed. */
  private readonly swineFlu: Extract<Entry, { kind: 'disease' }> | null;

  constructor(dictionary: TaggingDictionary) {
    const idOf = (name: string) =>
      dictionary.diseases.find((d) => d.displayName === name)?.diseaseId;
    this.ruleIds = {
      salmonellosis: idOf(ruleDiseases.salmonellosis),
      typhoid: idOf(ruleDiseases.typhoid),
      covid: idOf(ruleDiseases.covid),
      mers: idOf(ruleDiseases.mers),
      plague: idOf(ruleDiseases.plague),
      influenza: idOf(ruleDiseases.influenza),
      stec: idOf(ruleDiseases.stec),
      hps: idOf(ruleDiseases.hps),
      rabies: idOf(ruleDiseases.rabies),
    };
    const generic = new Set(genericAvianInfluenzaNames.map(wordsOf));
    for (const d of dictionary.diseases) {
      const names = [
        ...derivedDiseaseNames(d.displayName),
        ...(diseaseSynonyms[d.displayName] ?? []),
        ...(diseaseNamesByLanguage[d.displayName] ?? []),
      ];
      for (const name of names) {
        this.add(name, {
          kind: 'disease',
          id: d.diseaseId,
          acronym: isAcronym(name),
          supporting: false,
          generic: generic.has(wordsOf(name)),
          outside: false,
          mixedCase: isMixedCase(name),
        });
      }
      for (const name of supportingDiseaseNames[d.displayName] ?? []) {
        this.add(name, {
          kind: 'disease',
          id: d.diseaseId,
          acronym: isAcronym(name),
          supporting: true,
          generic: false,
          outside: false,
        });
      }
    }
    // Diseases outside the lookups, after them: a group with a name the lookups already carry is
    // left out whole (the deployment reports that disease), so no outside name hides a lookup.
    let outsideId = 0;
    for (const [name, others] of Object.entries(outsideDiseaseNames)) {
      outsideId -= 1;
      const names = [name, ...others];
      if (names.some((n) => this.namesLookupDisease(n))) continue;
      for (const n of names)
        this.add(n, {
          kind: 'disease',
          id: outsideId,
          acronym: isAcronym(n),
          supporting: false,
          generic: false,
          outside: true,
        });
    }
    this.firstSubtypeId = outsideId - 1;
    for (const phrase of nonPlacePhrases) this.add(phrase, { kind: 'none' });
    const { names: countryNameLists, foreign, demonyms } = countryNames();
    for (const place of dictionary.places) {
      this.addPlace(place.name, place, false);
      if (place.locationType === LocationType.State && place.isoCode) {
        for (const name of divisionExonyms[place.isoCode] ?? []) this.addPlace(name, place, false);
        const short = divisionShortName(place.name);
        if (short) this.addPlace(short, place, false);
      }
      if (place.locationType !== LocationType.Country) continue;
      const iso = place.isoCode ?? isoCodeOfCountryName(place.name);
      if (!iso) continue;
      this.isoOfCountry.set(place.id, iso);
      for (const name of countryNameLists.get(iso) ?? [])
        this.addPlace(name, place, false, foreign.has(fold(name)));
      for (const name of demonyms.get(iso) ?? []) this.addPlace(name, place, true);
    }
    // A large city also by its English or former name ('Bangalore' for Bengaluru; 0086).
    const exonymOf = new Map(
      Object.entries(cityExonyms).map(([x, [name, iso]]) => [`${iso}:${name}`, x]),
    );
    for (const place of dictionary.places) {
      if (place.locationType !== LocationType.City) continue;
      const exonym = exonymOf.get(`${this.isoOfCountry.get(countryOf(place)) ?? ''}:${place.name}`);
      if (exonym) this.addPlace(exonym, place, false);
    }
    for (const tag of dictionary.contextTags) {
      for (const cue of contextTagCues[tag.displayName] ?? [])
        this.add(cue, { kind: 'tag', id: tag.id });
    }
    // Among places of one name, the most populous first (a country before a town of its name).
    for (const entry of this.placeNames.values()) {
      entry.places.sort((a, b) => b.population - a.population);
    }
    this.addCounties(dictionary);
    const swine = this.matchAt(tokenize('swine flu'), 0)?.entry;
    this.swineFlu = swine?.kind === 'disease' && swine.outside ? swine : null;
  }

  /**
   * '<name> County' for each county the dictionary names (decision 0089): a stand-in place in its
   * country, no population, resolved as a town named alone is (weak: it counts unless another
   * country has firmer support). A name the gazetteer knows in a country whose second-level
   * divisions are counties ('Orange', 'Oxford', 'Kent') is left to the place rules
   * (`byQualifiers`), which read 'Orange County' among those places.
   */
  private addCounties(dictionary: TaggingDictionary): void {
    const countries = new Map(
      dictionary.places
        .filter((p) => p.locationType === LocationType.Country)
        .map((p) => [p.id, p] as const),
    );
    for (const county of dictionary.counties ?? []) {
      const country = countries.get(county.countryId);
      if (!country) continue;
      const words = tokenize(county.name).map((t) => t.word);
      const known = this.placeNames.get(`n:${words.join(' ')}`);
      if (known?.places.some((p) => countyCountries.has(this.isoOfCountry.get(countryOf(p)) ?? '')))
        continue;
      const name = `${county.name} County`;
      const key = `n:${[...words, 'county'].join(' ')}`;
      if (this.placeNames.has(key)) continue;
      const entry = {
        kind: 'place' as const,
        // The country's id, so that what is stored is a place the gazetteer has.
        places: [
          {
            id: country.id,
            name,
            locationType: LocationType.City,
            countryId: country.id,
            population: 0,
          },
        ],
        acronym: false,
        demonym: false,
        lowerAt: new Set<number>(),
        foreign: new Set<number>(),
        county: true,
      };
      this.placeNames.set(key, entry);
      this.addWords([...words, 'county'], entry);
    }
  }

  /** Whether a name is exactly a lookup disease's name already in the trie. */
  private namesLookupDisease(name: string): boolean {
    let node: TrieNode | undefined = this.root;
    for (const t of tokenize(name)) node = node?.next.get(t.word);
    return node?.entries.some((e) => e.kind === 'disease' && !e.outside) ?? false;
  }

  private addPlace(name: string, place: GazetteerPlace, demonym: boolean, foreign = false): void {
    const tokens = tokenize(name);
    const words = tokens.map((t) => t.word);
    // A country's name may have its later words in lower case: French writes 'République
    // centrafricaine', 'Arabie saoudite' where the name lists give 'Arabie Saoudite'. The first
    // word must still be a capital, so 'arabie saoudite' in lower case stays words.
    const country = place.locationType === LocationType.Country && !demonym;
    const lowerAt = new Set<number>();
    tokens.forEach((t, i) => {
      if (i > 0 && (country || (!t.capitalised && !t.caseless))) lowerAt.add(i);
    });
    // One-letter and two-letter place names are mostly noise ('Bo', 'Ba'), acronyms aside.
    if (words.length === 1 && (words[0] ?? '').length <= 2 && !isAcronym(name)) return;
    const key = `${demonym ? 'd' : 'n'}:${words.join(' ')}`;
    const known = this.placeNames.get(key);
    // A name is another language's only if no English spelling reads as the same words:
    // French 'Côte d’Ivoire' and English "Côte d'Ivoire" are one name, English.
    const pair = `${key}|${place.id}`;
    if (!foreign) this.englishPlaceNames.add(pair);
    const isForeign = foreign && !this.englishPlaceNames.has(pair);
    if (known) {
      if (!known.places.some((p) => p.id === place.id)) known.places.push(place);
      for (const i of lowerAt) known.lowerAt.add(i);
      if (isForeign) known.foreign.add(place.id);
      else known.foreign.delete(place.id);
      return;
    }
    const entry = {
      kind: 'place' as const,
      places: [place],
      acronym: isAcronym(name),
      demonym,
      lowerAt,
      foreign: new Set(isForeign ? [place.id] : []),
    };
    this.placeNames.set(key, entry);
    this.addWords(words, entry);
    if (place.locationType === LocationType.Country && !demonym)
      this.countryIdOfWords.set(words.join(' '), place.id);
  }

  private add(name: string, entry: Entry): void {
    this.addWords(
      tokenize(name).map((t) => t.word),
      entry,
    );
  }

  private addWords(words: readonly string[], entry: Entry): void {
    if (words.length === 0) return;
    let node = this.root;
    for (const word of words) {
      let next = node.next.get(word);
      if (!next) {
        next = { next: new Map(), entries: [] };
        node.next.set(word, next);
      }
      node = next;
    }
    node.entries.push(entry);
    // An Arabic name also without its article: 'السودان' is written 'سودان' after a proclitic.
    const first = words[0] ?? '';
    if (arabicLetter.test(first) && first.startsWith('ال') && first.length > 3) {
      this.addWords([first.slice(2), ...words.slice(1)], entry);
    }
  }

  /** Trie nodes an Arabic word starts once its proclitics are taken off ('بالكوليرا'). */
  private arabicStarts(word: string): TrieNode[] {
    const found: TrieNode[] = [];
    for (const prefix of arabicPrefixes) {
      if (word.length - prefix.length < 3 || !word.startsWith(prefix)) continue;
      const node = this.root.next.get(word.slice(prefix.length));
      if (node) found.push(node);
    }
    return found;
  }

  private accepts(entry: Entry, tokens: readonly Token[], start: number, end: number): boolean {
    if (entry.kind === 'tag' || entry.kind === 'none') return true;
    for (let i = start; i < end; i += 1) {
      const token = tokens[i];
      if (!token) return false;
      if (entry.kind === 'disease') {
        if (entry.acronym && !token.upper && !token.caseless && !/^\d+$/.test(token.word))
          return false;
        if (entry.mixedCase && (token.upper || !token.capitalised)) return false;
        continue;
      }
      if (entry.acronym) {
        // Written in capitals: 'US', 'DRC', or letter by letter, 'U.S.'.
        if (!token.upper && !(token.capitalised && token.word.length === 1)) return false;
      } else if (
        !token.capitalised &&
        !token.caseless &&
        !joiningWords.has(token.word) &&
        !entry.lowerAt.has(i - start)
      ) {
        return false;
      }
    }
    return true;
  }

  /**
   * The disease a matched disease name stands for here, or null for none (decision 0071):
   * 'Salmonella … Typhi' within four words is typhoid fever and '… Paratyphi' no lookup disease;
   * an unqualified 'coronavirus' is COVID-19 in an article of 2020 or later (or naming COVID-19,
   * SARS-CoV-2 or 2019-nCoV, or giving no year), MERS in one whose latest year is 2012–2019 (the
   * novel coronavirus of those years), none before; an animal's coronavirus ('porcine', 'canine
   * enteric') is none, and so is an animal's influenza ('equine influenza', decision 0074).
   */
  private diseaseRead(
    id: number,
    tokens: readonly Token[],
    start: number,
    end: number,
    era: () => Era,
  ): number | null {
    const { salmonellosis, typhoid, covid, mers, influenza, stec } = this.ruleIds;
    // 'equine influenza', 'canine flu', 'swine flu': an animal's influenza, not the seasonal one.
    if (id === influenza && animalInfluenzaHosts.has(tokens[start - 1]?.word ?? '')) return null;
    // A bare 'E. coli' ('1 Escherichia coli and 5 K. pneumoniae isolates') is a germ with many
    // kinds, most of them no Shiga toxin producer: STEC only when the article writes a serotype or
    // the toxin (O157, STEC, EHEC, Shiga, verotoxin, haemolytic uraemic syndrome; decision 0085).
    if (
      id === stec &&
      !era().stecNamed &&
      tokens.slice(start, end).every((t) => bareColiWords.has(t.word))
    )
      return null;
    if (id === salmonellosis) {
      for (let i = end; i < end + 4 && i < tokens.length; i += 1) {
        const word = tokens[i]?.word;
        if (word === 'typhi') return typhoid ?? null;
        if (word === 'paratyphi') return null;
      }
      return id;
    }
    if (id !== covid) return id;
    let bare = false;
    let novel = novelWords.has(tokens[start - 1]?.word ?? '');
    for (let i = start; i < end; i += 1) {
      const word = tokens[i]?.word ?? '';
      if (word === '19' || word === '2019') return id;
      if (word === 'coronavirus' || word === 'كورونا') bare = true;
      if (novelWords.has(word)) novel = true;
    }
    if (!bare) return id;
    if (animalCoronavirusQualifiers.has(tokens[start - 1]?.word ?? '')) return null;
    const { latestYear, covidNamed } = era();
    if (covidNamed || (latestYear !== null && latestYear >= 2020)) return id;
    // No year written: today's news, COVID-19, unless the name is 'novel coronavirus' without
    // any COVID-19 wording (COVID, SARS-CoV-2, 2019-nCoV, Wuhan): the WHO's name of MERS-CoV in
    // 2012-2013 statements, which were republished without their dates.
    // Nor is it beside camels or MERS itself, with no COVID-19 wording: the 2013 Saudi reports of
    // camels 'infected by the coronavirus' (decision 0079).
    if (latestYear === null) return novel || era().mersNamed ? (mers ?? id) : id;
    return latestYear >= 2012 ? (mers ?? null) : null;
  }

  /** The longest acceptable name at a word (a disease before anything else of the same length). */
  /**
   * Whether a bare 'meningitis' has its cause named: another disease right before it ('West Nile
   * meningitis') or after 'caused by' / 'due to' ('meningitis caused by the West Nile virus'). It
   * is then the cause's disease, not meningococcal disease (decision 0081). So is a meningitis of
   * another kind ('viral meningitis') or in an article naming another germ that causes it and no
   * meningococcus ('_S. suis_ infection can manifest itself in meningitis'; decision 0084).
   */
  private meningitisOfNamedCause(
    tokens: readonly Token[],
    at: number,
    end: number,
    id: number,
    mentions: readonly Mention[],
    otherGerm: boolean,
  ): boolean {
    if (end - at !== 1 || tokens[at]?.word !== 'meningitis') return false;
    if (otherGerm || otherMeningitisKinds.has(tokens[at - 1]?.word ?? '')) return true;
    const last = mentions[mentions.length - 1];
    if (last?.entry.kind === 'disease' && last.end === at && last.entry.id !== id) return true;
    const link = tokens[end + 1]?.word;
    if (!causeWords.has(tokens[end]?.word ?? '') || (link !== 'by' && link !== 'to')) return false;
    for (let i = end + 2; i <= end + 4 && i < tokens.length; i += 1) {
      const next = this.matchAt(tokens, i);
      if (next?.entry.kind === 'disease' && next.entry.id !== id) return true;
    }
    return false;
  }

  private matchAt(tokens: readonly Token[], at: number): { entry: Entry; end: number } | null {
    let best: { entry: Entry; end: number } | null = null;
    const word = tokens[at]?.word ?? '';
    const direct = this.root.next.get(word);
    const startNodes = direct
      ? [direct]
      : arabicLetter.test(word)
        ? this.arabicStarts(word)
        : noNodes;
    for (const startNode of startNodes) {
      let node: TrieNode | undefined = startNode;
      let i = at;
      while (node) {
        i += 1;
        for (const entry of node.entries) {
          if (!this.accepts(entry, tokens, at, i)) continue;
          if (!best || i > best.end || (i === best.end && rank(entry) > rank(best.entry)))
            best = { entry, end: i };
        }
        const next = tokens[i];
        node = next ? node.next.get(next.word) : undefined;
      }
    }
    return best;
  }

  /**
   * An influenza subtype no lookup names ('H7N9', 'H5N6'; decision 0075): an outside disease, one
   * per subtype. The lookups' subtypes (H5N1, H9N2…) are matched by name before this is asked.
   */
  private subtypeAt(
    tokens: readonly Token[],
    at: number,
    subtypeIds: Map<string, number>,
  ): { entry: Entry; end: number } | null {
    const word = tokens[at]?.word ?? '';
    if (!word.includes('n') || !nonH5n1Subtype(word)) return null;
    // 'H7N9 flu', 'H7N9 influenza': the subtype's flu, one name, not the seasonal one beside it
    // (decision 0086).
    const flu = ['flu', 'influenza'].includes(tokens[at + 1]?.word ?? '');
    // 'AH7N3 influenza': the subtype glued to its 'A' is the same subtype (decision 0087).
    return {
      entry: this.outsideSubtype(gluedSubtype(word), subtypeIds),
      end: at + (flu ? 2 : 1),
    };
  }

  /** An influenza subtype the lookups do not name: an outside disease, one id per subtype. */
  private outsideSubtype(
    key: string,
    subtypeIds: Map<string, number>,
  ): Extract<Entry, { kind: 'disease' }> {
    let id = subtypeIds.get(key);
    if (id === undefined) {
      id = this.firstSubtypeId - subtypeIds.size;
      subtypeIds.set(key, id);
    }
    return { kind: 'disease', id, acronym: true, supporting: false, generic: false, outside: true };
  }

  /**
   * The variant WHO spells out after a seasonal influenza name ending at `end`: 'Influenza
   * A(H3N2) variant', the name read up to 'influenza', its 'A' or its subtype.
   */
  private spelledVariant(
    tokens: readonly Token[],
    end: number,
    subtypeIds: Map<string, number>,
  ): { entry: Extract<Entry, { kind: 'disease' }>; end: number } | null {
    for (const at of [end - 1, end, end + 1]) {
      if (!subtypeWord(tokens[at]?.word ?? '') || tokens[at + 1]?.word !== 'variant') continue;
      if (at > end - 1 && !tokens.slice(end, at).every((t) => t.word === 'a')) continue;
      return this.variantAt(tokens, at, subtypeIds, true);
    }
    return null;
  }

  /**
   * A variant influenza subtype ('H3N2v', 'A(H3N2)v'; decision 0077) at a word: the lookup that
   * names it ('H1N2v' is Swine influenza A(H1N2)v) or else an outside disease of its own, never
   * the seasonal strain of the same H and N.
   */
  private variantAt(
    tokens: readonly Token[],
    at: number,
    subtypeIds: Map<string, number>,
    spelled = false,
  ): { entry: Extract<Entry, { kind: 'disease' }>; end: number } | null {
    const word = tokens[at]?.word ?? '';
    let key: string;
    let end: number;
    if (variantSubtype(word)) {
      key = word;
      end = at + 1;
    } else if (
      subtypeWord(word) &&
      (tokens[at + 1]?.word === 'v' || (spelled && tokens[at + 1]?.word === 'variant'))
    ) {
      // 'A(H1N2)v'; and WHO's 'Influenza A(H1N2) variant' where `spelled` (a name read whole,
      // not the word 'variant' anywhere: 'other viruses such as A/H3N2-variant' is speculation).
      key = `${word}v`;
      end = at + 2;
    } else return null;
    const lookup = this.matchAt([{ word: key, capitalised: true, upper: true }], 0);
    if (lookup?.entry.kind === 'disease' && lookup.entry.id !== this.ruleIds.influenza)
      return { entry: lookup.entry, end };
    return { entry: this.outsideSubtype(key, subtypeIds), end };
  }

  /** Tags a title and a plain-text body. */
  tag(title: string, body: string): ArticleTags {
    const titleTokens = tokenize(title);
    const bodyTokens = tokenize(body);
    const separator: Token = { word: '\u0000', capitalised: false, sentenceStart: true };
    const tokens = [...titleTokens, separator, ...bodyTokens];
    const bodyStart = titleTokens.length + 1;
    const datelineEnd = datelineLength(bodyTokens);
    const lowerWords = new Set<string>();
    for (const t of tokens) if (!t.capitalised && !t.caseless) lowerWords.add(t.word);
    const english = inEnglish(tokens);
    // A ProMED moderator's note ('[… - Mod.MPP]', '[Mod.LL: …]') discusses other outbreaks and
    // sources: its places are context (decision 0085).
    const notes = moderatorNotes(body).map(
      ([from, to]) =>
        [
          bodyStart + tokenize(body.slice(0, from)).length,
          bodyStart + tokenize(body.slice(0, to)).length,
        ] as const,
    );
    const inNote = (at: number) => notes.some(([from, to]) => at >= from && at < to);

    const mentions: Mention[] = [];
    const otherSubtype = tokens.some((t) => nonH5n1Subtype(t.word));
    // 'Bird flu' with no subtype written anywhere: an avian influenza of a subtype not known,
    // not H5N1 (decision 0087).
    const h5n1Named = tokens.some((t) => gluedSubtype(t.word) === 'h5n1');
    let era: Era | null = null;
    const eraOf = (): Era => {
      era ??= articleEra(tokens);
      return era;
    };
    /** A generic avian influenza name was read as another subtype's ('H7 avian influenza'). */
    let otherSubtypeRead = false;
    /** The disease a compound with 'plague' named ('sheep and goat plague'): a later bare 'plague' is it. */
    let plagueCompound: number | null = null;
    /** Plague itself named already: a later 'the plague' is it. */
    let plagueNamed = false;
    /**
     * Diseases named at least once without a cue, or only as an earlier year's (not only
     * compared, ruled out or absent).
     */
    const reported = new Set<number>();
    /** Influenza subtypes outside the lookups named in this article, each an outside disease. */
    const subtypeIds = new Map<string, number>();
    const { influenza } = this.ruleIds;
    // A variant influenza named anywhere ('H3N2v', 'influenza A(H1N2)v'): the article's bare
    // 'flu' and 'influenza' are that variant, not the seasonal strain (decision 0077).
    let variant: Extract<Entry, { kind: 'disease' }> | null = null;
    for (let i = 0; i < tokens.length && variant === null; i += 1) {
      const v = this.variantAt(tokens, i, subtypeIds);
      if (v) variant = v.entry;
    }
    // Swine flu named ('an outbreak of swine flu in Iran'; the 2009 pandemic's name): the
    // article's bare 'flu', 'influenza' and 'H1N1' are that swine flu, an outside disease, not
    // the seasonal influenza, unless the article writes 'seasonal' ('the seasonal influenza A
    // (H1N1)': then it says its swine flu is the seasonal strain; decision 0084). A variant named
    // wins.
    const namedAfter = (first: string) =>
      tokens.some(
        (t, i) => t.word === first && ['flu', 'influenza'].includes(tokens[i + 1]?.word ?? ''),
      );
    const swineFlu =
      variant === null && this.swineFlu !== null && namedAfter('swine') && !namedAfter('seasonal')
        ? this.swineFlu
        : null;
    // Another germ that causes meningitis named, and no meningococcus (decision 0084).
    const otherMeningitisGerm =
      tokens.some((t) => otherMeningitisGerms.has(t.word)) &&
      !tokens.some((t) => meningococcalWords.has(t.word));
    // Another lyssavirus named ('Australian bat lyssavirus'; decision 0088).
    const lyssavirusNamed = tokens.some((t) => lyssavirusWords.has(t.word));
    /** The last disease name read, and whether it was named absent: a list shares its 'no'. */
    let previous: { end: number; absent: boolean } | null = null;
    for (let at = 0; at < tokens.length;) {
      const matched = this.matchAt(tokens, at);
      const seasonal = matched?.entry.kind === 'disease' && matched.entry.id === influenza;
      // 'Influenza A(H3N2) variant': the seasonal name read up to the subtype is the variant's.
      const variantAfter =
        seasonal && matched !== null ? this.spelledVariant(tokens, matched.end, subtypeIds) : null;
      const read =
        matched === null || seasonal
          ? (this.variantAt(tokens, at, subtypeIds) ?? matched)
          : matched;
      const found = variantAfter ?? read ?? this.subtypeAt(tokens, at, subtypeIds);
      if (!found) {
        at += 1;
        continue;
      }
      if (found.entry.kind === 'place' && notThePlace(tokens, at, found.end)) {
        at = found.end;
        continue;
      }
      if (found.entry.kind === 'disease') {
        // A pathogen's serovar or a coronavirus's era can make the name another disease or none.
        const id = this.diseaseRead(found.entry.id, tokens, at, found.end, eraOf);
        if (id === null) {
          // 'no confirmed cases of swine flu or scrub typhus': the animal's flu is no tag, but
          // the list's 'no' reaches the next name.
          previous = { end: found.end, absent: namedAbsent(tokens, at - 1, found.end) };
          at = found.end;
          continue;
        }
        if (id !== found.entry.id) found.entry = { ...found.entry, id };
        // 'a plague of microscopic oak leaf itch mites': a swarm, no plague; and, in an article
        // about another lyssavirus ('bat-borne lyssavirus'), 'a rabies vaccination' is the
        // vaccine given against it, no rabies (decision 0088).
        if (
          (id === this.ruleIds.plague &&
            found.end - at === 1 &&
            ['a', 'an'].includes(tokens[at - 1]?.word ?? '') &&
            tokens[found.end]?.word === 'of') ||
          (id === this.ruleIds.rabies &&
            vaccineWords.has(tokens[found.end]?.word ?? '') &&
            lyssavirusNamed)
        ) {
          at = found.end;
          continue;
        }
        if (
          variant !== null &&
          id === influenza &&
          ((found.end - at === 1 && tokens[at - 1]?.word !== 'seasonal') ||
            tokens[at - 1]?.word === 'non')
        )
          found.entry = variant;
        else if (
          swineFlu !== null &&
          id === influenza &&
          found.end - at === 1 &&
          swineFluReadings.has(tokens[at]?.word ?? '')
        )
          found.entry = swineFlu;
        const { plague } = this.ruleIds;
        if (found.entry.id !== plague) {
          if (plague !== undefined && namesPlague(tokens, at, found.end))
            plagueCompound = found.entry.id;
        } else if (plagueCompound !== null && found.end - at === 1) {
          // 'A sheep and goat plague … The plague is highly contagious': the same disease.
          found.entry = { ...found.entry, id: plagueCompound };
        } else if (
          !plagueNamed &&
          found.end - at === 1 &&
          tokens[at - 1]?.word === 'the' &&
          !listJoiners.has(tokens[at - 2]?.word ?? '')
        ) {
          // 'African swine fever has been confirmed… the plague was detected in a boar': 'the
          // plague', before any plague is named, is the disease already named (a translation's
          // word for it), not plague itself (decision 0084). Not in a list ('cholera and the
          // plague').
          const earlier = mentions.find(
            (m) => m.entry.kind === 'disease' && !m.entry.outside && m.entry.id !== plague,
          );
          if (earlier?.entry.kind === 'disease')
            found.entry = { ...found.entry, id: earlier.entry.id };
        }
        if (found.entry.id === plague) plagueNamed = true;
        if (found.entry.generic && !otherSubtype && !h5n1Named)
          found.entry = this.outsideSubtype('avian influenza', subtypeIds);
      }
      if (
        found.entry.kind === 'disease' &&
        ((found.entry.generic && otherSubtype) ||
          (at >= bodyStart && namesNoReport(tokens, at, found.end)) ||
          this.meningitisOfNamedCause(
            tokens,
            at,
            found.end,
            found.entry.id,
            mentions,
            otherMeningitisGerm,
          ))
      ) {
        if (found.entry.generic && otherSubtype) otherSubtypeRead = true;
        at = found.end;
        continue;
      }
      // 'West Nile virus (WNV)': the abbreviation glossing a name is the same mention. Not a
      // supporting name before the disease's own ('AWD/cholera', as WHO and OCHA write it:
      // cholera named; decision 0090).
      const last = mentions[mentions.length - 1];
      if (
        found.entry.kind === 'disease' &&
        last?.entry.kind === 'disease' &&
        last.end === at &&
        last.entry.id === found.entry.id &&
        (found.entry.supporting || !last.entry.supporting)
      ) {
        at = found.end;
        continue;
      }
      const absent: boolean =
        found.entry.kind === 'disease' &&
        at >= bodyStart &&
        (namedAbsent(tokens, at, found.end) ||
          followedByExclusion(tokens, found.end) ||
          (previous !== null &&
            previous.absent &&
            (previous.end === at ||
              (previous.end === at - 1 && listJoiners.has(tokens[at - 1]?.word ?? '')))));
      // A list after 'negative for' or 'ruled out' shares the exclusion (decision 0087).
      if (found.entry.kind === 'disease')
        previous = {
          end: found.end,
          absent: absent || (at >= bodyStart && precededByCue(tokens, at, exclusionCues)),
        };
      let context = false;
      let weight: number =
        at < titleTokens.length
          ? weights.title
          : at - bodyStart < datelineEnd
            ? weights.dateline
            : at - bodyStart < leadWords
              ? weights.lead
              : weights.body;
      if (
        at >= bodyStart &&
        ((precededByCue(tokens, at, travelCues) && !travelledWithin(tokens, at)) ||
          (found.entry.kind === 'place' &&
            (borderWords.has(tokens[found.end]?.word ?? '') ||
              missionWords.has(tokens[found.end]?.word ?? '') ||
              inNote(at) ||
              mailedFrom(tokens, at) ||
              besideEarlierYear(tokens, at, found.end, eraOf) ||
              sentSamplesTo(tokens, at) ||
              communicatedBy(tokens, at))) ||
          (found.entry.kind === 'disease' &&
            (precededByCue(tokens, at, diseaseComparisonCues) ||
              absent ||
              precededByEarlierYear(tokens, at, eraOf))))
      ) {
        weight *= contextFactor;
        context = true;
        // A disease named only as an earlier year's ('the 2001 anthrax attacks', in a 2008
        // report on their inquiry) is context beside another, but still a subject alone: the
        // article looks back at it (decision 0084). Compared, ruled out or absent, it is none.
        if (
          found.entry.kind === 'disease' &&
          !absent &&
          !precededByCue(tokens, at, diseaseComparisonCues) &&
          precededByEarlierYear(tokens, at, eraOf)
        )
          reported.add(found.entry.id);
      } else if (found.entry.kind === 'disease') reported.add(found.entry.id);
      // A foreign mission's country ('The US Embassy wishes to inform US citizens… in Togo') is
      // the mission's throughout, as a journey's is (decision 0081); so is an army's abroad ('US
      // troops in Afghanistan'; decision 0085).
      const travel =
        found.entry.kind === 'place' &&
        at >= bodyStart &&
        ((precededByCue(tokens, at, travelVerbs) && !travelledWithin(tokens, at)) ||
          missionWords.has(tokens[found.end]?.word ?? ''));
      mentions.push({ entry: found.entry, start: at, end: found.end, weight, travel, context });
      at = found.end;
    }

    // Countries named outright (not by a demonym, not through a town): the evidence that lets a
    // town or a division count.
    const named = new Set<number>();
    for (const m of mentions) {
      if (m.entry.kind !== 'place' || m.entry.demonym) continue;
      const top = m.entry.places[0];
      if (english && top && m.entry.foreign.has(top.id)) continue;
      if (top?.locationType === LocationType.Country && m.entry.places.length === 1)
        named.add(top.id);
    }

    const diseaseWeight = new Map<number, number>();
    const supportWeight = new Map<number, number>();
    const countryWeight = new Map<number, number>();
    const placesByCountry = new Map<number, number[]>();
    const tags = new Set<number>();

    const resolved = new Map<Mention, Resolved>();
    const townCountries = new Set<number>();
    const reading = this.readingOf(mentions, tokens, bodyStart, lowerWords);
    for (const m of mentions) {
      if (m.entry.kind !== 'place') continue;
      const r = this.resolve(m.entry, tokens, m, named, reading);
      if (!r) continue;
      resolved.set(m, r);
      if (r.weak) townCountries.add(countryOf(r.place));
    }
    // A country's name that a division elsewhere also bears, read again beside the towns named.
    if (townCountries.size > 0)
      for (const [m, r] of resolved) {
        if (m.entry.kind !== 'place' || r.place.locationType !== LocationType.Country) continue;
        if (m.entry.places.length < 2) continue;
        const again = this.resolve(m.entry, tokens, m, named, reading, townCountries);
        if (again) resolved.set(m, again);
      }
    // A country's name in another language ('the Chili Cook-off', 'Mauricio Hernandez', 'the
    // Big Island') is a word of that language in an English article unless something else there
    // names the country (decision 0079).
    if (english) {
      const elsewhere = new Set<number>();
      for (const [m, r] of resolved)
        if (m.entry.kind === 'place' && !m.entry.foreign.has(r.place.id))
          elsewhere.add(countryOf(r.place));
      for (const [m, r] of resolved)
        if (
          m.entry.kind === 'place' &&
          m.entry.foreign.has(r.place.id) &&
          !elsewhere.has(r.place.id)
        )
          resolved.delete(m);
    }
    const supported = supportedTowns(resolved);

    // A country first written as where someone travelled ('He visited Saudi Arabia… a hospital
    // in Jeddah… the authorities in Saudi Arabia') is the journey's throughout (decision 0079).
    const firstTravel = new Map<number, boolean>();
    /** Countries named at least once as no context. */
    const reportedCountries = new Set<number>();
    for (const m of mentions) {
      const r = resolved.get(m);
      if (!r || (r.weak && !supported.has(r.place.id))) continue;
      const c = countryOf(r.place);
      if (!firstTravel.has(c)) firstTravel.set(c, m.travel === true);
    }
    for (const m of mentions) {
      const { entry } = m;
      if (entry.kind === 'none') continue;
      if (entry.kind === 'tag') {
        tags.add(entry.id);
        continue;
      }
      if (entry.kind === 'disease') {
        add(entry.supporting ? supportWeight : diseaseWeight, entry.id, m.weight);
        continue;
      }
      const r = resolved.get(m);
      if (!r || (r.weak && !supported.has(r.place.id))) continue;
      const { place } = r;
      const countryId = place.countryId ?? place.id;
      const travelled = firstTravel.get(countryId) === true;
      const w = travelled && !m.context ? m.weight * contextFactor : m.weight;
      add(countryWeight, countryId, entry.demonym ? w * demonymFactor : w);
      if (!travelled && !m.context) reportedCountries.add(countryId);
      if (!entry.demonym) {
        const list = placesByCountry.get(countryId) ?? [];
        if (!list.includes(place.id)) list.push(place.id);
        placesByCountry.set(countryId, list);
      }
    }
    for (const [id, w] of supportWeight) if (diseaseWeight.has(id)) add(diseaseWeight, id, w);
    /** Diseases named, as no context, in the title, the dateline or the lead. */
    const ledDiseases = new Set<number>();
    for (const m of mentions)
      if (m.entry.kind === 'disease' && m.context !== true && m.weight >= weights.lead)
        ledDiseases.add(m.entry.id);

    // A country named only as context (a laboratory's, a journey's) is no subject even alone.
    const heaviestCountry = ranked(countryWeight)[0];
    const countryIds = about(
      countryWeight,
      aboutShare.country,
      heaviestCountry !== undefined && reportedCountries.has(heaviestCountry),
    );
    const locationIds: number[] = [];
    for (const countryId of countryIds) {
      for (const id of placesByCountry.get(countryId) ?? []) locationIds.push(id);
    }
    // An article about an avian subtype outside the lookups ('H7 avian influenza') is not about
    // H5N1 because it names H5N1 once, far down ('this is not the H5N1 strain'); nor is an
    // article about a disease it only rules out or compares with ('a veterinarian's first
    // obligation is to rule out rabies'; decision 0074).
    const heaviest = ranked(diseaseWeight)[0];
    const fallback = !otherSubtypeRead && heaviest !== undefined && reported.has(heaviest);
    // Outside diseases (negative ids) take part in the weighing, then are left out: an article
    // whose subject is botulism is about none of the lookups it names in passing (decision 0075).
    // A second disease is a subject only when the title or the lead names it too: one named
    // only further down, however often, is context ('COVID-19 wards were full'; decision 0083).
    // A hantavirus of Europe or Asia causes haemorrhagic fever with renal syndrome, no lookup
    // disease: a report whose countries are all outside the Americas, and that names neither the
    // pulmonary syndrome nor an American hantavirus, is not about the pulmonary syndrome
    // (decision 0087).
    const { hps } = this.ruleIds;
    const oldWorldHantavirus =
      hps !== undefined &&
      countryIds.length > 0 &&
      countryIds.every((id) => !americasCountries.has(this.isoOfCountry.get(id) ?? '')) &&
      !tokens.some((t) => pulmonaryHantavirusWords.has(t.word));
    const diseaseIds = comparable(about(diseaseWeight, aboutShare.disease, fallback), diseaseWeight)
      .filter((id, i) => i === 0 || ledDiseases.has(id))
      .filter((id) => id >= 0 && !(oldWorldHantavirus && id === hps));
    return {
      diseaseIds,
      locationIds,
      countryIds,
      contextTagIds: [...tags],
      mentionedDiseaseIds: ranked(diseaseWeight).filter((id) => id >= 0),
      mentionedCountryIds: ranked(countryWeight),
    };
  }

  /**
   * The place a name stands for here, or null when the evidence is not there; `weak` when it is
   * a town counted on its name alone (see `supportedTowns`).
   */
  private resolve(
    entry: Extract<Entry, { kind: 'place' }>,
    tokens: readonly Token[],
    m: Mention,
    named: ReadonlySet<number>,
    reading: Reading,
    townCountries: ReadonlySet<number> = noCountries,
  ): Resolved | null {
    const { lowerWords } = reading;
    // 'Geneva-based WHO', 'a London-based charity': where a body sits, not a place of the report;
    // so is an airline's country ('Air France', 'Kenya Airways', 'Emirates airline').
    const after = tokens[m.end];
    if (after && basedWords.has(after.word) && !entry.demonym) return null;
    // 'its Spanish initials', 'the French acronym': a language, not a place (decision 0078).
    if (after && entry.demonym && languageNouns.has(after.word)) return null;
    if (after && airlineWords.has(after.word)) return null;
    // 'a Pakistani citizen', 'two British tourists': where a person is from, not the outbreak's
    // place (decision 0088).
    if (after && entry.demonym && nationalityNouns.has(after.word)) return null;
    // 'Dr Kawasaki', 'shelter manager Dan Roman said': a person, not a place (decision 0088).
    if (!entry.demonym && m.start >= reading.bodyStart && personNamed(tokens, m.start, m.end))
      return null;
    // 'Kenya ward, Oli division' (in Uganda): a ward, a village or a street named after a
    // country is a namesake of it, not the country (decision 0085).
    if (
      after &&
      !entry.demonym &&
      namesakeWords.has(after.word) &&
      entry.places.every((p) => p.locationType === LocationType.Country)
    )
      return null;
    const before = tokens[m.start - 1];
    if (before?.word === 'air' && before.capitalised && tokens[m.start]?.spaced) return null;
    // 'the Jordan Valley', 'the Congo River': a landform named after the country (decision 0074).
    if (
      after?.spaced &&
      (after.capitalised || riverWords.has(after.word)) &&
      landformWords.has(after.word) &&
      entry.places.some((p) => p.locationType === LocationType.Country)
    )
      return null;
    // A country's name closing a person's name ('said Enoe Carrasco Jordan, secretary of…'), or
    // a country's acronym written just after a place of another country ('the Masaka RDC', the
    // district's commissioner), is no mention of that country (decision 0078).
    const country = entry.places.find((p) => p.locationType === LocationType.Country);
    if (
      country &&
      !entry.demonym &&
      m.start >= reading.bodyStart &&
      (personNameBefore(tokens, m.start, lowerWords) ||
        titledSurname(tokens, m.start, m.end) ||
        (entry.acronym && afterPlaceElsewhere(tokens, m, reading.previous.get(m), country.id)))
    )
      return null;
    const own = this.byQualifiers(entry, tokens, m, reading.previous.get(m) ?? null);
    let places = own.places;
    // One sense per article (decision 0078): a name qualified once ('the Montana municipality')
    // is that place wherever the article writes it alone.
    const sense = own.qualified ? undefined : reading.senses.get(entry);
    if (sense) {
      const kept = places.filter((p) => sense.has(countryOf(p)));
      if (kept.length > 0) places = kept;
    }
    if (places.length === 0) return null;
    return this.resolveAmong(
      { ...entry, places },
      tokens,
      m,
      named,
      lowerWords,
      townCountries,
      reading.bodyStart,
      own.qualified,
      reading.demonymCountries,
      this.inCountryList(tokens, m, reading.previous.get(m)),
    );
  }

  /**
   * Whether a name is an item of a list of countries ('Brazil, Colombia, Cuba and Peru'): a
   * country written just before it, past a comma, or a country after it that the list goes on
   * from ('Colombia, Cuba and Peru'). The country after it is then no qualifier of a town of the
   * name (Cuba's Colombia; decision 0090).
   */
  private inCountryList(tokens: readonly Token[], m: Mention, previous?: Mention): boolean {
    const isCountry = (e: Entry | undefined) =>
      e?.kind === 'place' &&
      !e.demonym &&
      e.places.some((p) => p.locationType === LocationType.Country);
    if (previous && isCountry(previous.entry) && qualifies(tokens, previous, m)) return true;
    const next = this.matchAt(tokens, m.end);
    if (!next || !isCountry(next.entry) || tokens[m.end]?.spaced !== false) return false;
    const after = tokens[next.end];
    if (!after || after.sentenceStart) return false;
    if (listJoiners.has(after.word)) return this.countryAfter(tokens, next.end + 1) !== null;
    return after.spaced === false && this.countryAfter(tokens, next.end) !== null;
  }

  /**
   * What the place rules read across an article's mentions: the words it writes in lower case,
   * the place mention each place name follows as its qualifier, and the countries a name
   * qualified somewhere is read in (decision 0078).
   */
  private readingOf(
    mentions: readonly Mention[],
    tokens: readonly Token[],
    bodyStart: number,
    lowerWords: ReadonlySet<string>,
  ): Reading {
    const previous = new Map<Mention, Mention>();
    const senses = new Map<Entry, Set<number> | null>();
    let last: Mention | null = null;
    for (const m of mentions) {
      if (m.entry.kind !== 'place') continue;
      if (last && !m.entry.demonym && last.entry.kind === 'place' && !last.entry.demonym)
        previous.set(m, last);
      last = m;
    }
    for (const m of mentions) {
      const { entry } = m;
      if (entry.kind !== 'place' || entry.demonym) continue;
      const own = this.byQualifiers(entry, tokens, m, previous.get(m) ?? null);
      if (!own.qualified || own.places.length === 0) continue;
      const countries = new Set(own.places.map(countryOf));
      if (countries.size !== 1) continue;
      const known = senses.get(entry);
      if (known === undefined) senses.set(entry, countries);
      // Two qualifiers naming two countries: no one sense.
      else if (known !== null && !sameSet(known, countries)) senses.set(entry, null);
    }
    const kept = new Map<Entry, ReadonlySet<number>>();
    for (const [entry, countries] of senses) if (countries) kept.set(entry, countries);
    const demonymCountries = new Set<number>();
    for (const m of mentions)
      if (m.entry.kind === 'place' && m.entry.demonym && m.entry.places.length === 1)
        demonymCountries.add(countryOf(m.entry.places[0] as GazetteerPlace));
    return { lowerWords, bodyStart, previous, senses: kept, demonymCountries };
  }

  /**
   * The candidates a name's qualifiers leave (decision 0073): a place or country written just
   * after it, past a comma or a bracket ('Odessa, Texas', 'Blackburn (Victoria)', 'Santiago,
   * Dominican Republic'), keeps the candidates in that division's or country's country, and none
   * of a town's candidates when none is there (a town of ours is not the one meant); a division
   * word with 'of' before it ('province of Santiago') keeps the divisions. A country's own name
   * is never dropped this way ('Georgia, Armenia and Azerbaijan' is a list).
   */
  private byQualifiers(
    entry: Extract<Entry, { kind: 'place' }>,
    tokens: readonly Token[],
    m: Mention,
    previous: Mention | null,
  ): { places: GazetteerPlace[]; qualified: boolean } {
    let places = entry.places;
    let qualified = false;
    const hasCountry = places.some((p) => p.locationType === LocationType.Country);
    const of = tokens[m.start - 1];
    // 'the province of Luxembourg' (Belgium's), 'the state of Georgia': a country's name after
    // a division word and 'of' is a division of that name, where there is one (decision 0089);
    // not after 'territory' ('the territory of Puerto Rico', which ISO 3166-2 also lists as a
    // division of the United States, is the country).
    const divisionWord = tokens[m.start - 2]?.word ?? '';
    if (
      of?.word === 'of' &&
      divisionWords.has(divisionWord) &&
      (!hasCountry ||
        (divisionWord !== 'territory' && places.some((p) => p.locationType === LocationType.State)))
    ) {
      places = places.filter((p) => p.locationType === LocationType.State);
      qualified = true;
    }
    // 'Ottawa County': a county named after a town; where some of the name's places lie in a
    // country whose second-level divisions are counties, the county is there (Michigan's, not
    // the Canadian capital; decision 0086).
    if (!hasCountry && countyWords.has(tokens[m.end]?.word ?? '')) {
      const inside = places.filter((p) =>
        countyCountries.has(this.isoOfCountry.get(countryOf(p)) ?? ''),
      );
      if (inside.length > 0 && inside.length < places.length) {
        places = inside;
        qualified = true;
      }
    }
    // 'Darien province', 'Colon province': a division word after a name keeps the name's
    // first-level divisions (Panama's Darién, not the Connecticut town; decision 0089).
    if (!hasCountry && divisionWords.has(tokens[m.end]?.word ?? '')) {
      const states = places.filter((p) => p.locationType === LocationType.State);
      if (states.length > 0 && states.length < places.length) {
        places = states;
        qualified = true;
      }
    }
    // 'the Montana municipality': a town's country, not another's first-level division of the
    // name (decision 0078).
    if (!hasCountry && townWords.has(tokens[m.end]?.word ?? '')) {
      const townCountries = new Set(
        places.filter((p) => p.locationType === LocationType.City).map(countryOf),
      );
      const inside = places.filter((p) => townCountries.has(countryOf(p)));
      if (inside.length > 0 && inside.length < places.length) {
        places = inside;
        qualified = true;
      }
    }
    // 'Oxford County, Ontario', 'Harnett County, North Carolina': a county's qualifier is the
    // first-level division it lies in, not a town of that name in the county's country (the
    // Californian town of Ontario; decision 0089).
    const afterCounty =
      previous?.entry.kind === 'place' &&
      (previous.entry.county === true || countyWords.has(tokens[previous.end]?.word ?? '')) &&
      qualifies(tokens, previous, m);
    const divisions = places.filter((p) => p.locationType === LocationType.State);
    if (!hasCountry && afterCounty && divisions.length > 0) {
      if (divisions.length < places.length) {
        places = divisions;
        qualified = true;
      }
    } else if (
      // 'Ludhiana district [Punjab]', 'Windsor (Ontario)': a division written as a place's
      // qualifier is the one in that place's country; written as a country's ('west Iceland
      // [Westland region]'), a name none of whose places is in it is none of ours (0078).
      !hasCountry &&
      previous?.entry.kind === 'place' &&
      qualifies(tokens, previous, m)
    ) {
      const countries = new Set(previous.entry.places.map(countryOf));
      const inside = places.filter((p) => countries.has(countryOf(p)));
      const ofCountry =
        previous.entry.places.length === 1 &&
        previous.entry.places[0]?.locationType === LocationType.Country;
      if ((inside.length > 0 || ofCountry) && inside.length < places.length) {
        places = inside;
        qualified = true;
      }
    }
    // A county's own qualifier follows the word 'County' ('Oxford County, Ontario'; 0089). A
    // country's name is qualified by a division only ('Lebanon, Pennsylvania'): another country
    // after it is the next of a list ('Brazil, Colombia, Cuba and Peru'), not the country of a
    // town of that name (Cuba's Colombia; decision 0090).
    const within = this.countriesWritten(
      tokens,
      !hasCountry && countyWords.has(tokens[m.end]?.word ?? '') ? m.end + 1 : m.end,
      hasCountry,
    );
    if (within.size === 0) return { places, qualified };
    const inside = places.filter((p) => within.has(countryOf(p)));
    if (
      hasCountry &&
      inside.length === 0 &&
      !this.inCountryList(tokens, m, previous ?? undefined)
    ) {
      // 'Jordan, Minnesota', 'Peru, Indiana': a country's name qualified by another country's
      // division is a town there the gazetteer lacks; the division stands for it (0090). Not
      // in a list ('Cameroon, Chad, Borno and Yobe').
      const division = this.divisionWritten(tokens, m.end);
      if (division) return { places: [division], qualified: true };
    }
    if (hasCountry) return { places: inside.length > 0 ? inside : places, qualified: true };
    return { places: inside, qualified: true };
  }

  /**
   * The countries of a division or a country written at a position just past punctuation (a
   * comma, a bracket; not a sentence's end): empty when there is none.
   */
  private countriesWritten(
    tokens: readonly Token[],
    at: number,
    divisionsOnly = false,
  ): Set<number> {
    const found = new Set<number>();
    const match = this.qualifierAt(tokens, at);
    if (match === null) return found;
    for (const p of match.entry.places)
      if (
        (p.locationType === LocationType.Country && !divisionsOnly) ||
        p.locationType === LocationType.State
      )
        found.add(countryOf(p));
    return found;
  }

  /**
   * The place name written just past punctuation at a position (', Texas', ' (Ontario)'), where
   * it can qualify the name before it; a hyphen joins two names into one ('Windsor-Essex'):
   * neither qualifies the other (0078).
   */
  private qualifierAt(
    tokens: readonly Token[],
    at: number,
  ): { entry: Extract<Entry, { kind: 'place' }>; end: number } | null {
    const next = tokens[at];
    if (!next || next.spaced !== false || next.sentenceStart === true || next.hyphen === true)
      return null;
    const match = this.matchAt(tokens, at);
    if (match?.entry.kind !== 'place' || match.entry.demonym) return null;
    return { entry: match.entry, end: match.end };
  }

  /**
   * The first-level division written just past punctuation at a position, when the name there
   * names one division and no country ('Minnesota'; not 'Georgia'), or null.
   */
  private divisionWritten(tokens: readonly Token[], at: number): GazetteerPlace | null {
    const match = this.qualifierAt(tokens, at);
    if (match === null) return null;
    const [division, ...others] = match.entry.places;
    if (division?.locationType !== LocationType.State || others.length > 0) return null;
    // A list goes on after it ('Chad, Borno and Yobe'): no qualifier.
    const after = tokens[match.end];
    if (after && !after.sentenceStart && (listJoiners.has(after.word) || after.spaced === false)) {
      const more = this.matchAt(tokens, listJoiners.has(after.word) ? match.end + 1 : match.end);
      if (more?.entry.kind === 'place') return null;
    }
    return division;
  }

  /** `resolve` among the candidates its qualifiers left. */
  private resolveAmong(
    entry: Extract<Entry, { kind: 'place' }>,
    tokens: readonly Token[],
    m: Mention,
    named: ReadonlySet<number>,
    lowerWords: ReadonlySet<string>,
    townCountries: ReadonlySet<number>,
    bodyStart: number,
    qualifiedByOwn: boolean,
    demonymCountries: ReadonlySet<number>,
    listed = false,
  ): Resolved | null {
    const places = entry.places;
    const country = places.find((p) => p.locationType === LocationType.Country);
    // A place in a country named elsewhere in the article (Georgia the US state in a US report).
    const inNamed = places.filter(
      (p) => p.locationType !== LocationType.Country && named.has(countryOf(p)),
    );
    if (country) {
      // ... or, the country itself not named, in the country of a town the article names
      // (Georgia the US state beside Waverly).
      const other =
        inNamed.find((p) => countryOf(p) !== country.id) ??
        places.find(
          (p) =>
            !entry.demonym &&
            p.locationType !== LocationType.Country &&
            countryOf(p) !== country.id &&
            townCountries.has(countryOf(p)),
        );
      // A division smaller than the country of its name (Nigeria's Niger State beside Niger) is
      // what the name means only when written with its qualifier ('Niger State', 'Niger,
      // Nigeria'); a larger one (Georgia the US state) also alone (decision 0079).
      if (other && !named.has(country.id))
        return strong(
          qualifiedByOwn ||
            other.population >= country.population ||
            (!listed && this.qualifier(tokens, m.end))
            ? other
            : country,
        );
      if (entry.demonym || places.length === 1 || named.has(country.id) || !inNamed.length)
        return strong(country);
    }
    const single = m.end - m.start === 1;
    const word = tokens[m.start]?.word ?? '';
    const first = tokens[m.start];
    // A name of several words that are all ordinary ('North West', 'Central Region') is as
    // ordinary as one of them (decision 0074).
    const ordinary = single
      ? ordinaryWords.has(word) || lowerWords.has(word) || first?.upper === true
      : allOrdinary(tokens, m.start, m.end);
    // Inside a longer proper name ('Royal Victoria Infirmary') a name is no place, unless it is a
    // division of one country only that opens the name: a body named after its state sits in it
    // ('Terengganu Hospital', 'Wyoming Game and Fish Department'; not 'Lok Sabha').
    const oneCountryDivision =
      !ordinary &&
      !mediaWords.has(tokens[m.end]?.word ?? '') &&
      places.some((p) => p.locationType === LocationType.State) &&
      places.every((p) => countryOf(p) === countryOf(places[0] as GazetteerPlace));
    // So does a body named after a large city ('San Antonio Housing Authority', 'Houston Health
    // Department'): a city that counts alone (see below) opens the name (decision 0086).
    const [largest] = places;
    const largestRival = largest && places.find((p) => countryOf(p) !== countryOf(largest));
    // Not a street named after it ('Sevilla Street' in St. Augustine; decision 0087).
    const largeCity =
      !ordinary &&
      !mediaWords.has(tokens[m.end]?.word ?? '') &&
      !streetWords.has(tokens[m.end]?.word ?? '') &&
      largest?.locationType === LocationType.City &&
      largest.population >= unqualifiedPopulation &&
      (!largestRival || largestRival.population * 3 <= largest.population);
    const bodyLower = m.start >= bodyStart ? lowerWords : null;
    // A body named after a county sits in it too ('Harnett County Health Department'; 0089).
    if (
      this.insideLongerName(
        tokens,
        m,
        oneCountryDivision || largeCity || entry.county === true,
        bodyLower,
      )
    )
      return null;
    const qualified = this.qualifier(tokens, m.end);
    if (ordinary) {
      // 'the city of Moca', 'the town of Reading': the article says the word is a town's name;
      // read it as the town of the country named, else as the only country's town of the name,
      // weak as any town named alone (decision 0086).
      if (!qualified && this.townOfBefore(tokens, m.start)) {
        const towns = places.filter((p) => p.locationType === LocationType.City);
        const namedTown = towns.find((p) => named.has(countryOf(p)));
        if (namedTown) return strong(namedTown);
        const [town] = towns;
        return town && towns.every((p) => countryOf(p) === countryOf(town))
          ? { place: town, weak: true }
          : null;
      }
      // 'North Region, Cameroon': the country named, and a qualifier beside the name.
      if (!qualified) return null;
      const inQualifier = qualified.countryId;
      const chosen =
        inNamed.find((p) => inQualifier === null || countryOf(p) === inQualifier) ?? null;
      return strong(chosen);
    }
    if (inNamed.length > 0) {
      if (qualified?.countryId != null) {
        const exact = inNamed.find((p) => countryOf(p) === qualified.countryId);
        if (exact) return strong(exact);
      }
      // 'Ontario' beside 'the U.S.' and 'the Canadian Food Inspection Agency': a first-level
      // division of the name, larger than the named country's towns of the name, in a country
      // the article points to by its demonym, is the province, not the Californian town
      // (decision 0086).
      if (inNamed.every((p) => p.locationType === LocationType.City)) {
        const division = places.find(
          (p) =>
            p.locationType === LocationType.State &&
            !named.has(countryOf(p)) &&
            demonymCountries.has(countryOf(p)) &&
            inNamed.every((t) => t.population < p.population),
        );
        if (division) return strong(division);
      }
      return strong(inNamed[0]);
    }
    // Unqualified: written capitalised where a capital means something (not only at a
    // sentence's start), and either a name only one country's places bear (most names outside
    // English: 'Nizhnevartovsk', 'Muzaffarpur') or a large place with no rival a third its size.
    const [top] = places;
    if (!top) return null;
    const oneCountry = places.every((p) => countryOf(p) === countryOf(top));
    // A first-level division's name is no ordinary town's: it counts as a large place does,
    // unless a city bears it too ('Lisbon', 'Moscow': the city is what is usually meant, and it
    // is weak as any city named alone; decision 0074).
    const division =
      places.some((p) => p.locationType === LocationType.State) &&
      !places.some((p) => p.locationType === LocationType.City && countryOf(p) === countryOf(top));
    // At a sentence's start a capital proves nothing, except for a name only one country's
    // divisions bear that is no word of the article ('Terengganu Health director said'; decision
    // 0074): ordinary and lower-case words were set aside above.
    if (single && first?.sentenceStart && !(oneCountry && division)) return null;
    // A city counted on its name alone is weak, however large: when its country has no other
    // support and another country has, it is a namesake or a context mention ('Lisbon' beside
    // Maine and Augusta; decision 0074), and `supportedTowns` leaves it out.
    if (oneCountry) return { place: top, weak: !division };
    if (top.population < unqualifiedPopulation) return null;
    // The rival is the largest place of another country: Moscow the city does not rival Moscow the
    // region (decision 0074). A first-level division needs only to outnumber towns of another
    // country ('Bali' the Indonesian province against an Indian town of 300,000).
    const rival = places.find((p) => countryOf(p) !== countryOf(top));
    const topIsDivision = top.locationType === LocationType.State;
    const rivalIsTown = rival?.locationType === LocationType.City;
    if (rival && rival.population * (topIsDivision && rivalIsTown ? 1 : 3) > top.population)
      return null;
    return { place: top, weak: !division };
  }

  /** Whether 'city of', 'town of', 'village of' … comes just before a position. */
  private townOfBefore(tokens: readonly Token[], at: number): boolean {
    return tokens[at - 1]?.word === 'of' && townWords.has(tokens[at - 2]?.word ?? '');
  }

  /**
   * Whether a place name is part of a longer proper name written around it ('Wadi Aldwasir',
   * 'Royal Victoria Infirmary', 'Franklin Park Conservatory'): a capitalised word joined to it by
   * a space only, that is neither a qualifier ('Kano State') nor a country ('Gdansk Poland').
   * With `opensName`, only a word before counts ('Lok Sabha'; 'Terengganu Hospital' is allowed).
   */
  private insideLongerName(
    tokens: readonly Token[],
    m: Mention,
    opensName: boolean,
    lowerWords: ReadonlySet<string> | null,
  ): boolean {
    const next = tokens[m.end];
    if (
      !opensName &&
      next?.spaced &&
      next.capitalised &&
      !next.upper &&
      !placeQualifiers.has(next.word) &&
      this.countryAfter(tokens, m.end) === null
    )
      return true;
    const first = tokens[m.start];
    const before = tokens[m.start - 1];
    return (
      first?.spaced === true &&
      before?.capitalised === true &&
      // At a sentence's start, a capital is a name's only when the article never writes the
      // word in lower case and it is no common word ('Communicated by: Joseph Dudley'; 0078).
      (!before.sentenceStart || (lowerWords !== null && nameAtStart(before, lowerWords))) &&
      !before.upper &&
      !joiningWords.has(before.word) &&
      // 'Southwest Louisiana', 'Northern Kerala': a direction within the place (decision 0074).
      !compassWords.has(before.word)
    );
  }

  /** What follows a place name: a qualifier word ('Region') or ', <country>' (its country id). */
  private qualifier(
    tokens: readonly Token[],
    end: number,
  ): { readonly countryId: number | null } | null {
    const next = tokens[end];
    if (!next) return null;
    if (placeQualifiers.has(next.word)) return { countryId: this.countryAfter(tokens, end + 1) };
    const countryId = this.countryAfter(tokens, end);
    return countryId === null ? null : { countryId };
  }

  /** The country named at a position (up to four words), or null. */
  private countryAfter(tokens: readonly Token[], at: number): number | null {
    let words = '';
    for (let i = at; i < at + 4 && i < tokens.length; i += 1) {
      words = words ? `${words} ${tokens[i]?.word ?? ''}` : (tokens[i]?.word ?? '');
      const id = this.countryIdOfWords.get(words);
      if (id !== undefined) return id;
    }
    return null;
  }
}

/**
 * Whether a disease name is part of a job title or a body's name rather than a report of the
 * disease: followed by a role noun ('district malaria officer', 'TB programme'), or a single word
 * written capitalised inside a capitalised name ('National Influenza Center', 'Zika Forest').
 */
function namesNoReport(tokens: readonly Token[], start: number, end: number): boolean {
  const next = tokens[end];
  if (next && diseaseRoleNouns.has(next.word)) return true;
  // 'flu-like symptoms', 'influenza like illness', 'a dengue-like fever': a likeness, no report.
  if (next?.word === 'like') return true;
  const word = tokens[start];
  // 'stomach flu': gastroenteritis, no influenza (decision 0085).
  if (
    end - start === 1 &&
    (word?.word === 'flu' || word?.word === 'influenza') &&
    gutFluWords.has(tokens[start - 1]?.word ?? '')
  )
    return true;
  // 'developed flu symptoms': a symptom, no report of influenza (decision 0081).
  if (
    end - start === 1 &&
    (word?.word === 'flu' || word?.word === 'influenza') &&
    symptomWords.has(next?.word ?? '')
  )
    return true;
  // 'showed symptoms like swollen head, blindness and severe flu': a symptom of a list of
  // symptoms, no report either (decision 0084).
  if (end - start === 1 && (word?.word === 'flu' || word?.word === 'influenza'))
    for (let i = start - 1; i >= 0 && i >= start - 10; i -= 1) {
      const before = tokens[i];
      if (!before) break;
      if (symptomWords.has(before.word) && symptomListOpeners.has(tokens[i + 1]?.word ?? ''))
        return true;
      if (before.sentenceStart) break;
    }
  return (
    end - start === 1 &&
    word?.capitalised === true &&
    word.upper !== true &&
    word.sentenceStart !== true &&
    next?.spaced === true &&
    next.capitalised &&
    next.upper !== true &&
    next.word.length > 1
  );
}

/** Whether a disease name is written with 'plague' ('sheep and goat plague', 'peste porcine'). */
function namesPlague(tokens: readonly Token[], start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const word = tokens[i]?.word;
    if (word === 'plague' || word === 'peste') return true;
  }
  return false;
}

const wordsOf = (name: string): string =>
  tokenize(name)
    .map((t) => t.word)
    .join(' ');

/** Which of two names of one length wins: a disease, then a non-place phrase, then a place. */
function rank(e: Entry): number {
  if (e.kind === 'disease') return e.outside ? 2.5 : 3;
  return e.kind === 'none' ? 2 : e.kind === 'place' ? 1 : 0;
}

/** A place read for a mention; `weak` when a town was counted on its name alone. */
interface Resolved {
  readonly place: GazetteerPlace;
  readonly weak: boolean;
}

const noCountries: ReadonlySet<number> = new Set();

const strong = (place: GazetteerPlace | null | undefined): Resolved | null =>
  place ? { place, weak: false } : null;

/** Words that make a name a county's ('Ottawa County', 'Orange and Polk counties'). */
const countyWords: ReadonlySet<string> = new Set(['county', 'counties']);
/**
 * Countries whose second-level divisions English calls counties (decision 0086): the United
 * States, the United Kingdom, Ireland, Kenya, Liberia, China and Taiwan (xian), the Koreas
 * (gun), Croatia, Hungary, Romania, Norway, Sweden, Estonia, Lithuania and Poland (powiat).
 */
const countyCountries: ReadonlySet<string> = new Set(
  'US GB IE KE LR CN TW KR KP HR HU RO NO SE EE LT PL'.split(' '),
);

/** A town counted on its name alone, without support, counts from this population. */
const unsupportedPopulation = 100_000;
/**
 * A city this large counts on its name alone even beside another country's places: 'Shenzhen'
 * beside Hong Kong is no namesake of a town elsewhere (decision 0086).
 */
const metropolisPopulation = 2_000_000;

/**
 * The weak towns (decision 0073: one country's town, under 500,000, its country not named; since
 * decision 0074 any city counted on its name alone, however large) that count: those whose country something else in the article supports (the country named, a
 * demonym, a division, a qualified or large place, or another town of it); when no other country
 * has such support, those of 100,000 people or more, and the smaller ones unless a town of
 * 100,000 or more places the article in another country (then the weights decide). 'Blackburn'
 * in a report that names Victoria (Australia), 'Pinto' beside Chillán (Chile), a 20,000-people
 * 'Geneva' in the United States beside the West African countries of an Ebola report do not
 * count.
 */
function supportedTowns(resolved: ReadonlyMap<Mention, Resolved>): Set<number> {
  const strongCountries = new Set<number>();
  const townsOf = new Map<number, Set<number>>();
  for (const r of resolved.values()) {
    const c = countryOf(r.place);
    if (!r.weak) strongCountries.add(c);
    else {
      const towns = townsOf.get(c) ?? new Set<number>();
      towns.add(r.place.id);
      townsOf.set(c, towns);
    }
  }
  const largeTownCountries = new Set<number>();
  for (const r of resolved.values())
    if (r.weak && r.place.population >= unsupportedPopulation)
      largeTownCountries.add(countryOf(r.place));
  const counted = new Set<number>();
  for (const [c, towns] of townsOf) {
    const otherStrong = [...strongCountries].some((x) => x !== c);
    const otherLarge = [...largeTownCountries].some((x) => x !== c);
    for (const r of resolved.values()) {
      if (!r.weak || countryOf(r.place) !== c) continue;
      if (
        strongCountries.has(c) ||
        towns.size > 1 ||
        r.place.population >= metropolisPopulation ||
        (!otherStrong && (r.place.population >= unsupportedPopulation || !otherLarge))
      )
        counted.add(r.place.id);
    }
  }
  return counted;
}

/** English words other languages do not write: an article with enough of them is in English. */
const englishWords: ReadonlySet<string> = new Set(
  'the and of was were with which that this has have from is are'.split(' '),
);

/** Whether a text is in English: at least 3 of its words, and 5 % of them, English function words. */
function inEnglish(tokens: readonly Token[]): boolean {
  let n = 0;
  for (const t of tokens) if (englishWords.has(t.word)) n += 1;
  return n >= 3 && n >= tokens.length * 0.05;
}

function countryOf(p: GazetteerPlace): number {
  return p.countryId ?? p.id;
}

/** What the place rules read across an article (see `Tagger.readingOf`). */
interface Reading {
  readonly lowerWords: ReadonlySet<string>;
  readonly bodyStart: number;
  /** The place mention a place name follows (to read it as that mention's qualifier). */
  readonly previous: ReadonlyMap<Mention, Mention>;
  /** The countries a name is read in, where a qualifier of it named one country. */
  readonly senses: ReadonlyMap<Entry, ReadonlySet<number>>;
  /** The countries the article's demonyms point to ('the Canadian Food Inspection Agency'). */
  readonly demonymCountries: ReadonlySet<number>;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * Whether a place mention is written as the qualifier of the one before it: just after it (or
 * after its qualifier word), past a comma or a bracket ('Ludhiana district [Punjab]',
 * 'Windsor (Ontario)').
 */
function qualifies(tokens: readonly Token[], previous: Mention, m: Mention): boolean {
  const first = tokens[m.start];
  if (!first || first.spaced !== false || first.sentenceStart === true || first.hyphen === true)
    return false;
  return (
    previous.end === m.start ||
    (previous.end === m.start - 1 && placeQualifiers.has(tokens[previous.end]?.word ?? ''))
  );
}

/** Whether a capitalised word opening a sentence is a name: never lower case here, no common word. */
function nameAtStart(token: Token, lowerWords: ReadonlySet<string>): boolean {
  return (
    !lowerWords.has(token.word) && !stopWords.has(token.word) && !ordinaryWords.has(token.word)
  );
}

/**
 * Whether a name closes a person's name (decision 0078): two capitalised words just before it,
 * each a name (never written in lower case in the article, no common word, no acronym, no
 * compass or opening word: 'Upper Egypt'), as 'Enoe Carrasco Jordan'. A body's name keeps its
 * country ('Fisheries and Oceans Canada', 'Public Health England': its words are written in lower
 * case too, or joined by 'and').
 */
function personNameBefore(
  tokens: readonly Token[],
  start: number,
  lowerWords: ReadonlySet<string>,
): boolean {
  for (let i = start - 1; i >= start - 2; i -= 1) {
    const word = tokens[i];
    if (
      !word?.capitalised ||
      !tokens[i + 1]?.spaced ||
      word.upper === true ||
      !nameAtStart(word, lowerWords) ||
      joiningWords.has(word.word) ||
      compassWords.has(word.word) ||
      placeOpeners.has(word.word)
    )
      return false;
    // The first word of the name may open its sentence; the second may not.
    if (word.sentenceStart && i === start - 1) return false;
  }
  return true;
}

/**
 * Whether a country's name is a person's surname (decision 0085): after a title and a given name
 * ('Dr. Bob England, director of the county's health department'), or, before 'said', 'says' or
 * 'told', the surname of a person so named elsewhere in the article ('England said').
 */
function titledSurname(tokens: readonly Token[], start: number, end: number): boolean {
  const titled = (at: number) => {
    const given = tokens[at - 1];
    return (
      given?.capitalised === true &&
      given.upper !== true &&
      given.word.length > 1 &&
      personTitles.has(tokens[at - 2]?.word ?? '')
    );
  };
  if (titled(start)) return true;
  if (!speechWords.has(tokens[end]?.word ?? '')) return false;
  return sameNameElsewhere(tokens, start, end, titled);
}

/**
 * Whether the words start..end are written again elsewhere in the article at a position `isPerson`
 * accepts: a surname named once with its title and once alone ('Dr. Bob England … England said').
 */
function sameNameElsewhere(
  tokens: readonly Token[],
  start: number,
  end: number,
  isPerson: (at: number) => boolean,
): boolean {
  const n = end - start;
  for (let j = 2; j + n <= tokens.length; j += 1) {
    if (j === start || !isPerson(j)) continue;
    let same = true;
    for (let k = 0; k < n && same; k += 1) same = tokens[j + k]?.word === tokens[start + k]?.word;
    if (same) return true;
  }
  return false;
}

/**
 * Whether a name is written just after a place mention (a space between) none of whose places is
 * in the given country: 'Masaka RDC' is no town in the Congo.
 */
function afterPlaceElsewhere(
  tokens: readonly Token[],
  m: Mention,
  previous: Mention | undefined,
  countryId: number,
): boolean {
  return (
    previous?.entry.kind === 'place' &&
    previous.end === m.start &&
    tokens[m.start]?.spaced === true &&
    previous.entry.places.every((p) => countryOf(p) !== countryId)
  );
}

function add(map: Map<number, number>, id: number, w: number): void {
  map.set(id, (map.get(id) ?? 0) + w);
}

/** Ids by weight, the heaviest first (first mention breaks ties). */
function ranked(map: ReadonlyMap<number, number>): number[] {
  return [...map].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/**
 * The ids weighing at least `share` of the heaviest and at least a lead mention's weight (a
 * single passing mention deep in the body is context, not subject): what the article is about.
 * When nothing weighs that much (a report form naming its disease once, far down), the heaviest,
 * unless `fallback` is false.
 */
function about(map: ReadonlyMap<number, number>, share: number, fallback = true): number[] {
  let max = 0;
  for (const w of map.values()) if (w > max) max = w;
  const least = Math.max(weights.lead, max * share);
  const threshold = fallback ? Math.min(max, least) : least;
  return ranked(map).filter((id) => (map.get(id) ?? 0) >= threshold);
}

/**
 * Of the about ids (heaviest first), the heaviest and those comparably heavy (decision 0075): a
 * report is about one disease unless a second weighs nearly as much ('cholera and measles
 * outbreaks'); a disease named a few times beside the subject is context.
 */
function comparable(ids: readonly number[], map: ReadonlyMap<number, number>): number[] {
  const top = map.get(ids[0] ?? 0) ?? 0;
  return ids.filter((id, i) => i === 0 || (map.get(id) ?? 0) >= top * comparableShare);
}

/** Words of a dateline ('GENEVA, 12 May --', 'PATNA:'): leading words in capitals. */
function datelineLength(tokens: readonly Token[]): number {
  let n = 0;
  while (n < tokens.length && n < 4 && tokens[n]?.upper) n += 1;
  return n;
}

/** Whether a cue (travel, neighbour, comparison) comes in the three words before a mention. */
function precededByCue(tokens: readonly Token[], at: number, cues: ReadonlySet<string>): boolean {
  for (let i = Math.max(0, at - 3); i < at; i += 1) {
    if (cues.has(tokens[i]?.word ?? '')) return true;
  }
  return false;
}

/**
 * Whether a travel verb in the three words before a mention is followed by 'in', 'around'…
 * ('travelling in Cambodia's countryside'): a journey within the place, which is no context
 * (decision 0081); or 'returned to' a place: the traveller's home (decision 0085).
 */
function travelledWithin(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i += 1) {
    if (travelVerbs.has(tokens[i]?.word ?? '') && withinWords.has(tokens[i + 1]?.word ?? ''))
      return true;
    // 'returned to New York City after treating Ebola patients': the traveller's home, where
    // the case is (decision 0085).
    if (homecomingWords.has(tokens[i]?.word ?? '') && tokens[i + 1]?.word === 'to') return true;
  }
  return false;
}

/**
 * Whether a place is in a sentence after 'communicated by' ('communicated by: … D-52385
 * Nideggen, Germany'): the sender's address, context (decision 0081).
 */
function communicatedBy(tokens: readonly Token[], at: number): boolean {
  const signed = (i: number) => tokens[i]?.word === 'communicated' && tokens[i + 1]?.word === 'by';
  for (let i = at - 1; i >= 0 && i >= at - 40; i -= 1) {
    const token = tokens[i];
    if (!token) break;
    if (signed(i)) return true;
    // 'communicated by: Sabine Zentis…': the colon's new sentence is the signature's.
    if (token.sentenceStart && !signed(i - 2)) break;
  }
  return false;
}

/**
 * Whether a place comes just after a letter's 'from' ('a letter from the United States', 'was
 * posted from Atlanta'): where the mail came from, context (decision 0085).
 */
function mailedFrom(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(1, at - 3); i < at; i += 1)
    if (
      tokens[i]?.word === 'from' &&
      (mailWords.has(tokens[i - 1]?.word ?? '') || mailWords.has(tokens[i - 2]?.word ?? ''))
    )
      return true;
  return false;
}

/**
 * Whether a place is where a sentence sends samples ('Samples have been sent to ARRIAH, OIE
 * Reference Laboratory … in Vladimir, Russia'): a laboratory's place, context (decision 0079).
 */
function sentSamplesTo(tokens: readonly Token[], at: number): boolean {
  let sent = false;
  for (let i = at - 1; i >= 0 && i >= at - 40; i -= 1) {
    const token = tokens[i];
    if (!token) break;
    if (shipmentWords.has(token.word)) sent = true;
    else if (sent && sampleWords.has(token.word)) return true;
    if (token.sentenceStart) break;
  }
  return false;
}

/** A moderator's signature ('- Mod.MPP]', 'Mod. LL'), and one opening a note ('[Mod.LL:'). */
const moderatorSignature = /-?\s*\bMod\s*\.\s*[A-Z]{2,4}\b\s*\]?/g;
const moderatorOpening = /\[\s*Mod\s*\.\s*[A-Z]{2,4}\b\s*:?/g;

/**
 * The spans of a post's moderator notes, as character ranges of the text (decision 0085): a note
 * opened by '[Mod.XX' runs to its closing bracket; a note signed '- Mod.XX]' runs back to its
 * opening bracket, or, where the post was cut and the bracket is lost, to the start of the
 * sentence before the signature. A moderator named in the text ('As noted by Mod.JW') is no note.
 */
function moderatorNotes(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(moderatorOpening)) {
    let depth = 0;
    let end = text.length;
    for (let i = m.index; i < text.length; i += 1) {
      if (text[i] === '[') depth += 1;
      else if (text[i] === ']' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    spans.push([m.index, end]);
  }
  for (const m of text.matchAll(moderatorSignature)) {
    const sig = m[0];
    if (!sig.trimStart().startsWith('-') && !sig.trimEnd().endsWith(']')) continue;
    let depth = 0;
    let start = -1;
    for (let i = m.index - 1; i >= 0; i -= 1) {
      if (text[i] === ']') depth += 1;
      else if (text[i] === '[') {
        if (depth === 0) {
          start = i;
          break;
        }
        depth -= 1;
      }
    }
    if (start < 0) {
      // The sentence before the signature: back past its own full stop to the one before.
      const before = text.slice(0, m.index).replace(/[\s.]+$/, '');
      start = Math.max(
        before.lastIndexOf('. '),
        before.lastIndexOf('? '),
        before.lastIndexOf('! '),
      );
      start = start < 0 ? 0 : start + 2;
    }
    spans.push([start, m.index + sig.length]);
  }
  return spans;
}

/** Travel verbs that, before 'to', name the traveller's home ('returned to New York'). */
const homecomingWords: ReadonlySet<string> = new Set(['returned', 'returning']);

const houseNumber = /^\d{1,3}$/;

/**
 * Whether a place name at [start, end) is part of another name (decision 0077): a Spanish name
 * it heads or ends with 'del' between capitals ('Litoral del San Juan', 'Paseo del Norte': a
 * municipality and a street, not Equatorial Guinea's Litoral or a Norte region; English text
 * has no 'del' of its own), or a street in a list of addresses ('Preciados 18, Jordan 11'): a
 * house number after it and another before it.
 */
function notThePlace(tokens: readonly Token[], start: number, end: number): boolean {
  const after = tokens[end];
  // 'explained to El Litoral': a Spanish title (a newspaper's), no place of its own name
  // (decision 0088). A place whose own name starts with 'El' is matched whole.
  if (tokens[start - 1]?.word === 'el' && tokens[start - 1]?.capitalised === true) return true;
  if (after?.word === 'del' && tokens[end + 1]?.capitalised === true) return true;
  if (tokens[start - 1]?.word === 'del' && tokens[start - 2]?.capitalised === true) return true;
  return (
    after !== undefined &&
    !after.sentenceStart &&
    houseNumber.test(after.word) &&
    houseNumber.test(tokens[start - 1]?.word ?? '')
  );
}

/** Whether every word of a name is an ordinary word ('north west'). */
function allOrdinary(tokens: readonly Token[], start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (!ordinaryWords.has(tokens[i]?.word ?? '')) return false;
  return true;
}

/** Words between 'no' and a disease's name that keep it an absence ('no reported cases of'). */
const absenceFillers: ReadonlySet<string> = new Set(
  (
    'reported confirmed known documented cases case of human locally acquired ' +
    // Round 17 (decision 0088): 'no symptom of anthrax was found'.
    'symptom symptoms sign signs evidence trace traces'
  ).split(' '),
);

/**
 * Whether a disease is named as absent: 'no' just before its name and a word of finding later in
 * the sentence ('no anthrax agent or genome fragments were detected'), or 'no' before words
 * of cases only ('no reported cases of West Nile virus'; decision 0074).
 */
function namedAbsent(tokens: readonly Token[], start: number, end: number): boolean {
  // 'no reported cases of West Nile virus', 'no confirmed human case of rabies': an absence.
  // 'No new cases of cholera' reports an outbreak still there, so 'new' is no such word.
  let before = start - 1;
  while (before > start - 6 && absenceFillers.has(tokens[before]?.word ?? '')) before -= 1;
  if (before < start - 1 && tokens[before]?.word === 'no') return true;
  if (tokens[start - 1]?.word !== 'no') return false;
  for (let i = end; i < end + 15 && i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token || token.sentenceStart) return false;
    if (absenceWords.has(token.word)) return true;
  }
  return false;
}

/**
 * Whether a disease's name is followed, in its sentence and within six words, by its exclusion
 * ('COVID-19 pneumonia has been ruled out', 'tests for anthrax were negative', 'dengue was not
 * found'; decision 0088). 'Not confirmed' is not read: it may be 'not yet'.
 */
function followedByExclusion(tokens: readonly Token[], end: number): boolean {
  // Six words, not counting a list of letters ('hepatitis A, B, C, D and E viruses were not
  // detected'; decision 0090).
  for (let i = end, words = 0; words < 6 && i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token || token.sentenceStart) return false;
    if (token.word.length > 1 && !listJoiners.has(token.word)) words += 1;
    if (token.word === 'ruled' && tokens[i + 1]?.word === 'out') return true;
    if (token.word === 'excluded' || token.word === 'negative') return true;
    if (token.word === 'not' && notFoundWords.has(tokens[i + 1]?.word ?? '')) return true;
  }
  return false;
}

/** Words after 'not' that exclude ('dengue was not found'); 'not confirmed' may be 'not yet'. */
const notFoundWords: ReadonlySet<string> = new Set(['found', 'detected', 'isolated']);

/**
 * Whether a place's name at [start, end) is a person's (decision 0088): just after a title ('Dr
 * Kawasaki'), after a title and a given name ('Dr Tomisaku Kawasaki'), after a given name that
 * follows a lower-case word and before 'said' ('shelter manager Dan Roman said'); or, beside
 * 'said', the name of a person so written elsewhere in the article ('Roman said', 'said Roman').
 */
function personNamed(tokens: readonly Token[], start: number, end: number): boolean {
  const n = end - start;
  const title = (t: Token | undefined) =>
    t !== undefined && t.capitalised && t.upper !== true && personTitles.has(t.word);
  const person = (at: number): boolean => {
    if (tokens[at]?.capitalised !== true) return false;
    const given = tokens[at - 1];
    if (title(given)) return true;
    if (!given?.capitalised || given.upper === true || given.sentenceStart || given.word.length < 2)
      return false;
    if (title(tokens[at - 2])) return true;
    const lead = tokens[at - 2];
    return (
      lead !== undefined &&
      !lead.capitalised &&
      !lead.sentenceStart &&
      speechWords.has(tokens[at + n]?.word ?? '')
    );
  };
  if (person(start)) return true;
  if (!speechWords.has(tokens[end]?.word ?? '') && !speechWords.has(tokens[start - 1]?.word ?? ''))
    return false;
  return sameNameElsewhere(tokens, start, end, person);
}

/**
 * Whether a year before the article's latest comes in the three words before a disease mention:
 * an earlier outbreak named for history ('the 2014 Ebola epidemic', 'since 2019, cholera').
 */
function precededByEarlierYear(tokens: readonly Token[], at: number, era: () => Era): boolean {
  for (let i = Math.max(0, at - 3); i < at; i += 1) {
    const word = tokens[i]?.word ?? '';
    if (word.length !== 4 || !yearPattern.test(word)) continue;
    const { latestYear } = era();
    if (latestYear !== null && Number(word) < latestYear) return true;
  }
  return false;
}

const yearPattern = /^(19|20)\d\d$/;

/**
 * Whether a year before the article's latest comes within four words of a place, in its sentence
 * ('the outbreak in Haiti in 2010', 'in the years 2001 and 2002 in Austria', 'first diagnosed in
 * Viet Nam in 1925'): the place of an earlier outbreak, named for history, context (decision 0085).
 */
function besideEarlierYear(
  tokens: readonly Token[],
  start: number,
  end: number,
  era: () => Era,
): boolean {
  const earlier = (i: number) => {
    const word = tokens[i]?.word ?? '';
    if (word.length !== 4 || !yearPattern.test(word)) return false;
    const { latestYear } = era();
    return latestYear !== null && Number(word) < latestYear;
  };
  // An outbreak of history: 'outbreak', 'epidemic'… in the eight words before, in the sentence.
  let outbreak = false;
  for (let i = start - 1; i >= 0 && i >= start - 8; i -= 1) {
    if (outbreakWords.has(tokens[i]?.word ?? '')) outbreak = true;
    if (tokens[i]?.sentenceStart) break;
  }
  if (!outbreak) return false;
  for (let i = start - 1; i >= 0 && i >= start - 4; i -= 1) {
    if (earlier(i)) return true;
    if (tokens[i]?.sentenceStart) break;
  }
  for (let i = end; i < tokens.length && i < end + 4; i += 1) {
    if (tokens[i]?.sentenceStart) break;
    if (earlier(i)) return true;
  }
  return false;
}

const outbreakWords: ReadonlySet<string> = new Set(
  'outbreak outbreaks epidemic epidemics epizootic epizootics pandemic'.split(' '),
);

/**
 * The word before 'coronavirus' that makes it the novel one of its years ('novel coronavirus').
 * Not 'new': 'new coronavirus cases' is any year's news.
 */
const novelWords: ReadonlySet<string> = new Set(['novel']);

/** The lookup display names the disease rules of decision 0071 read. */
const ruleDiseases = {
  salmonellosis: 'Salmonellosis',
  typhoid: 'Typhoid fever',
  covid: 'COVID-19',
  mers: 'Middle East respiratory syndrome (MERS)',
  plague: 'Plague',
  influenza: 'Influenza (seasonal)',
  stec: 'Shiga toxin-producing E. coli infection',
  hps: 'Hantavirus pulmonary syndrome',
  rabies: 'Rabies',
} as const;

/** When an article was written, as far as its text says: the latest year it writes, and whether it names COVID-19 itself. */
interface Era {
  readonly latestYear: number | null;
  readonly covidNamed: boolean;
  /** MERS named ('MERS', 'MERS-CoV') or its hosts, camels and dromedaries. */
  readonly mersNamed: boolean;
  /** A Shiga toxin-producing E. coli named by its serotype, its toxin or its syndrome. */
  readonly stecNamed: boolean;
}

/** The words of a bare 'E. coli' / 'Escherichia coli'. */
const bareColiWords: ReadonlySet<string> = new Set(['e', 'coli', 'escherichia']);

const mersWords: ReadonlySet<string> = new Set([
  'mers',
  'camel',
  'camels',
  'dromedary',
  'dromedaries',
]);

/** Words that name a Shiga toxin-producing E. coli (decision 0085). */
const stecWords: ReadonlySet<string> = new Set(
  (
    'o157 o104 o26 o111 o103 o145 o121 stec ehec vtec shiga verotoxin verotoxigenic ' +
    'verocytotoxin enterohemorrhagic enterohaemorrhagic hus'
  ).split(' '),
);

function articleEra(tokens: readonly Token[]): Era {
  let latestYear: number | null = null;
  let covidNamed = false;
  let mersNamed = false;
  let stecNamed = false;
  tokens.forEach((t, i) => {
    const w = t.word;
    if (mersWords.has(w)) mersNamed = true;
    if (stecWords.has(w) || (w.startsWith('o157') && !/^o157\d/.test(w))) stecNamed = true;
    if (/^ha?emolytic$/.test(w) && /^ura?emic$/.test(tokens[i + 1]?.word ?? '')) stecNamed = true;
    if (w.length === 4 && yearPattern.test(w)) {
      const year = Number(w);
      if (latestYear === null || year > latestYear) latestYear = year;
      if (year === 2019 && tokens[i + 1]?.word === 'ncov') covidNamed = true;
    } else if (w.startsWith('covid') || w === 'كوفيد' || w === 'wuhan') covidNamed = true;
    else if (w === 'sars' && tokens[i + 1]?.word === 'cov' && tokens[i + 2]?.word === '2')
      covidNamed = true;
  });
  return { latestYear, covidNamed, mersNamed, stecNamed };
}
