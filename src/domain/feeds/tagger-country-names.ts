/**
 * Country names as the press writes them, keyed by ISO 3166-1 alpha-2 (issue 29): official and
 * short names, variants and former names, and names in English, French, Spanish, Portuguese and
 * Arabic, from the well-kept `i18n-iso-countries` (names with aliases) and `world-countries`
 * (altSpellings, translations, demonyms). A name two countries share is dropped unless one reading
 * dominates outbreak news (the few overrides below, each with its reason). Server-side only: the
 * name lists are large and the tagger runs where articles are ingested.
 */
import countries from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import pt from 'i18n-iso-countries/langs/pt.json';
import worldCountries from 'world-countries';
import { fold } from './text';

for (const locale of [en, fr, es, pt, ar]) countries.registerLocale(locale);

/** The languages whose names the tagger knows (i18n-iso-countries codes). */
export const taggerLanguages = ['en', 'fr', 'es', 'pt', 'ar'] as const;
const worldCountriesLanguages = ['fra', 'spa', 'por', 'ara'] as const;

/**
 * Variants the packages lack, each justified:
 * - 'Congo' alone: in outbreak news it is the DRC far more often (Ebola, mpox, cholera); the
 *   Republic of the Congo is written 'Republic of the Congo' or 'Congo-Brazzaville'.
 * - 'Korea' alone: South Korea (its health agency, KDCA, is what the press quotes).
 * - Britain's nations: reports name England, Scotland, Wales and Northern Ireland, which the
 *   gazetteer has as divisions at best.
 * - 'Holland', 'Burma', 'Swaziland', 'Zaire', 'Ceylon': former or informal names still written.
 * - 'Türkiye' spelt without the diaeresis is folded to the same word; 'Turkiye' needs nothing.
 * - 'Gaza', 'West Bank': reports of Palestine name its territories.
 * - 'Timor-Leste' / 'East Timor', 'Cape Verde' / 'Cabo Verde': both forms are current.
 */
const extraNames: Readonly<Record<string, readonly string[]>> = {
  CD: ['Congo', 'RDC', 'RD Congo', 'DR Congo', 'Zaire', 'Democratic Republic of Congo'],
  CG: ['Congo-Brazzaville', 'Republic of Congo', 'Congo Republic'],
  KR: ['Korea'],
  GB: ['England', 'Scotland', 'Wales', 'Northern Ireland', 'Britain', 'U.K.'],
  US: ['U.S.', 'U.S.A.'],
  NL: ['Holland', 'the Netherlands'],
  MM: ['Burma'],
  SZ: ['Swaziland'],
  LK: ['Ceylon'],
  PS: ['Gaza', 'Gaza Strip', 'West Bank'],
  TL: ['East Timor', 'Timor-Leste'],
  CV: ['Cape Verde', 'Cabo Verde'],
  SA: ['KSA'],
  AE: ['UAE', 'Emirates'],
  CF: ['CAR'],
  PG: ['PNG'],
  TR: ['Türkiye'],
  CI: ["Côte d'Ivoire", 'Ivory Coast', 'Cote dIvoire'],
  VN: ['Viet Nam'],
  LA: ['Lao PDR', 'Lao'],
  IR: ['Islamic Republic of Iran'],
  SY: ['Syrian Arab Republic'],
  TZ: ['United Republic of Tanzania'],
  RU: ['Russian Federation'],
  VE: ['Bolivarian Republic of Venezuela'],
  BO: ['Plurinational State of Bolivia'],
};

/**
 * Names left out although a package lists them: ordinary words or another thing first
 * ('Georgia' stays: the gazetteer's US state of that name is told apart by its country's
 * evidence, see tagger.ts).
 */
const droppedNames = new Set(
  [
    'America', // the continent as often as the country
    'Indian', // the ocean, the subcontinent
    'Guinean', // Guinea, Guinea-Bissau, Equatorial Guinea
    'Congolese',
    'Dominican',
    'Korean',
    'Samoan',
    'Sudanese', // Sudan and South Sudan
    'Irish', // Ireland and Northern Ireland
    'British', // ok for GB, but 'British Columbia', 'British Virgin Islands' are places
    'Virgin Islander',
  ].map(fold),
);

/**
 * Demonyms English news writes that `world-countries` spells otherwise ('Kirghiz', 'Tadzhik',
 * 'Kazakhstani'): 'the Kazakh Veterinary Services' is Kazakhstan's (decision 0081).
 */
const extraDemonyms: Readonly<Record<string, readonly string[]>> = {
  KZ: ['Kazakh'],
  KG: ['Kyrgyz'],
  TJ: ['Tajik'],
  UZ: ['Uzbek'],
};

/** Demonyms (English) kept only when one country owns them: 'Ugandan', 'Brazilian'. */
function demonyms(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const [iso, list] of Object.entries(extraDemonyms))
    for (const d of list) owners.set(fold(d), new Set([iso]));
  for (const c of worldCountries) {
    for (const d of [c.demonyms?.eng?.m, c.demonyms?.eng?.f]) {
      if (!d || d.includes(',')) continue;
      const key = fold(d);
      const set = owners.get(key) ?? new Set<string>();
      set.add(c.cca2);
      owners.set(key, set);
    }
  }
  return owners;
}

export interface CountryNames {
  /** Names of each country (ISO alpha-2): proper names, written capitalised to count. */
  readonly names: ReadonlyMap<string, readonly string[]>;
  /**
   * The folded names that no English source gives ('Chili', 'Mauricio', 'Island' for Iceland):
   * in an English article they are words of another language unless the country is named in
   * English too (decision 0079).
   */
  readonly foreign: ReadonlySet<string>;
  /** Demonyms of each country: weaker evidence ('Ugandan officials'), see tagger.ts. */
  readonly demonyms: ReadonlyMap<string, readonly string[]>;
}

/**
 * Whether a name of `world-countries`' altSpellings is English: a code or an acronym ('DRC',
 * 'U.S.A.'), a long form in English words ('Republic of Iceland', 'Maldive Islands'), or one of
 * the English short forms that list mixes with native names ('Island', 'Suomi', 'Nippon').
 */
const englishAltWords =
  /\b(Republic|Kingdom|Islands?|Isles|State|States|Nation|Federation|United|of)\b/;
const englishAltNames = new Set(
  ['Macedonia', 'Burma', 'Saudi', 'Thai', 'Timor', 'Vatican', 'Lao', 'Rumania', 'Emirates'].map(
    fold,
  ),
);
const englishAlt = (name: string): boolean =>
  /^[A-Z.]+$/.test(name) ||
  englishAltNames.has(fold(name)) ||
  // Several words, all in Latin letters without accents, one of them English.
  (/^[A-Za-z' .-]+$/.test(name) && name.includes(' ') && englishAltWords.test(name));

let built: CountryNames | undefined;

/** Every country's names and demonyms, a name shared by two countries left out. */
export function countryNames(): CountryNames {
  if (built) return built;
  const byName = new Map<string, Set<string>>();
  const spelling = new Map<string, string>();
  const english = new Set<string>();
  const add = (iso: string, name: string | undefined, inEnglish = false) => {
    if (!name) return;
    const trimmed = name.trim();
    // Codes ('CD') and inverted catalogue forms ('Congo, the Democratic Republic of the') are
    // not how text names a country.
    if (trimmed.length < 3 && !['UK', 'US'].includes(trimmed)) return;
    if (trimmed.includes(',')) return;
    const key = fold(trimmed);
    if (droppedNames.has(key)) return;
    if (inEnglish) english.add(key);
    const set = byName.get(key) ?? new Set<string>();
    set.add(iso);
    byName.set(key, set);
    if (!spelling.has(`${iso}:${key}`)) spelling.set(`${iso}:${key}`, trimmed);
  };
  for (const language of taggerLanguages) {
    const names = countries.getNames(language, { select: 'all' });
    for (const [iso, list] of Object.entries(names))
      for (const n of list) add(iso, n, language === 'en');
  }
  for (const c of worldCountries) {
    add(c.cca2, c.name.common, true);
    add(c.cca2, c.name.official, true);
    for (const alt of c.altSpellings) add(c.cca2, alt, englishAlt(alt));
    for (const language of worldCountriesLanguages) {
      add(c.cca2, c.translations[language]?.common);
      add(c.cca2, c.translations[language]?.official);
    }
  }
  const names = new Map<string, string[]>();
  for (const [key, owners] of byName) {
    if (owners.size !== 1) continue; // shared by two countries: ambiguous
    const [iso] = [...owners];
    if (!iso) continue;
    const list = names.get(iso) ?? [];
    list.push(spelling.get(`${iso}:${key}`) ?? key);
    names.set(iso, list);
  }
  // The overrides win over the ambiguity rule: each is justified above.
  for (const [iso, list] of Object.entries(extraNames)) {
    names.set(iso, [...(names.get(iso) ?? []), ...list]);
  }
  const demonymMap = new Map<string, string[]>();
  for (const [key, owners] of demonyms()) {
    if (owners.size !== 1 || droppedNames.has(key) || byName.has(key)) continue;
    const [iso] = [...owners];
    if (!iso) continue;
    demonymMap.set(iso, [...(demonymMap.get(iso) ?? []), key]);
  }
  const foreign = new Set<string>();
  for (const list of names.values())
    for (const name of list) if (!english.has(fold(name))) foreign.add(fold(name));
  for (const list of Object.values(extraNames)) for (const name of list) foreign.delete(fold(name));
  built = { names, foreign, demonyms: demonymMap };
  return built;
}

/** The ISO alpha-2 code of a country written by one of its names (English first), or null. */
export function isoCodeOfCountryName(name: string): string | null {
  return countries.getAlpha2Code(name, 'en') ?? null;
}
