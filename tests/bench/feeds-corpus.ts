/**
 * A labelled corpus of feed items for measuring tagging and clustering (issue 8), written from
 * the seed's diseases, countries and cities with a seeded generator: news stories told by one to
 * four outlets in different words (the same-story label), sibling stories (same disease and
 * country, another city and other figures), disease information, and spam or unrelated news.
 * Names vary as the press writes them: synonyms ('bird flu', 'monkeypox', 'DRC', 'US'), a city
 * with no country, and traps the labels do not count (a neighbouring country mentioned for
 * context, 'Guinea fowl' at the start of a sentence, cities whose name another country shares).
 * Labels: the diseases and countries the item is about, its story, its content type.
 *
 * `npm run feeds:corpus` writes tests/fixtures/feeds-labelled.json (300 items) from it.
 */
import { LocationType } from '@domain/enums';
import { countrySynonyms, diseaseSynonyms } from '@domain/feeds/synonyms';
import type { TaggingDictionary } from '@domain/feeds/tagger';
import type { SeedDisease } from '@server/seed/data/diseases';
import { seedDiseases } from '@server/seed/data/diseases';
import { contextTagGroups } from '@server/seed/data/lookups';
import { seedSpecies } from '@server/seed/data/species';
import type { CountryPlaces } from '@server/seed/generate/locations';
import { generateLocations } from '@server/seed/generate/locations';
import type { Rng } from '@server/seed/prng';
import { createRng } from '@server/seed/prng';

export interface LabelledItem {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly url: string;
  readonly published: string;
  readonly labels: {
    readonly diseaseIds: readonly number[];
    readonly countryIds: readonly number[];
    /** Items with the same story id tell the same story; null for one-off items. */
    readonly storyId: string | null;
    readonly contentType: 1 | 2 | 3;
  };
}

const places = generateLocations();

/** The tagging dictionary of the seeded database, without a database. */
export function labelledDictionary(): TaggingDictionary {
  return {
    diseases: seedDiseases.map((d) => ({ diseaseId: d.diseaseId, displayName: d.displayName })),
    places: places.rows
      .filter((r) =>
        [LocationType.City, LocationType.State, LocationType.Country].includes(
          r.locationType as 2 | 4 | 6,
        ),
      )
      .filter((r) => r.isDuplicate !== true)
      .map((r) => ({
        id: r.id ?? 0,
        name: r.name,
        locationType: r.locationType,
        countryId: r.countryId ?? null,
        population: r.population ?? 0,
      })),
    contextTags: contextTagGroups.flatMap((g) => g.tags),
  };
}

const outlets = [
  'who.int',
  'reuters.com',
  'apnews.com',
  'bbc.co.uk',
  'promedmail.org',
  'cidrap.umn.edu',
  'allafrica.com',
  'thehindu.com',
  'scmp.com',
  'outbreaknewstoday.com',
  'afro.who.int',
  'aljazeera.com',
];
const humanSettings = ['hospital', 'school', 'prison', 'refugee camp', 'market', 'care home'];
const animalSettings = ['farm', 'live bird market', 'holding', 'village herd'];
const authorities = [
  'the Ministry of Health',
  'health authorities',
  'the national public health institute',
  'local health officials',
];
const vetAuthorities = [
  'veterinary services',
  'the Ministry of Agriculture',
  'animal health officials',
];

interface Facts {
  readonly disease: string;
  readonly diseaseId: number;
  readonly country: string;
  readonly countryId: number;
  readonly city: string;
  readonly province: string;
  readonly n: number;
  readonly total: number;
  readonly deaths: number;
  readonly setting: string;
  readonly authority: string;
  readonly species: string;
  readonly human: boolean;
  readonly day: Date;
}

const fmt = (n: number) => n.toLocaleString('en-US');

const humanTitles = [
  (f: Facts, w: string) => `${w} reports ${fmt(f.n)} new cases of ${f.disease}`,
  (f: Facts, w: string) => `${cap(f.disease)} outbreak at ${f.setting} in ${w} sickens ${fmt(f.n)}`,
  (f: Facts, w: string) => `${fmt(f.deaths)} dead as ${f.disease} spreads in ${w}`,
  (f: Facts, w: string) => `${cap(f.disease)} cases climb to ${fmt(f.total)} in ${w}`,
  (f: Facts, w: string) => `Officials confirm ${f.disease} cluster linked to ${f.setting} in ${w}`,
  (f: Facts, w: string) => `${w}: ${fmt(f.n)} suspected ${f.disease} cases under investigation`,
];
const animalTitles = [
  (f: Facts, w: string) => `${cap(f.disease)} confirmed in ${f.species} in ${w}`,
  (f: Facts, w: string) =>
    `Officials cull ${fmt(f.n)} ${f.species} after ${f.disease} detected in ${w}`,
  (f: Facts, w: string) => `${w} notifies WOAH of ${f.disease} outbreak on ${f.setting}`,
  (f: Facts, w: string) =>
    `${cap(f.disease)} spreads to ${fmt(f.n)} more ${f.species} holdings in ${w}`,
];
const humanBodies = [
  (f: Facts, w: string) =>
    `${cap(f.authority)} reported ${fmt(f.n)} new cases of ${f.disease} in ${w} this week, bringing the total to ${fmt(f.total)}. ${fmt(f.deaths)} deaths have been recorded. Most patients were linked to a ${f.setting}.`,
  (f: Facts, w: string) =>
    `An outbreak of ${f.disease} at a ${f.setting} in ${w} has sickened ${fmt(f.n)} people, and ${fmt(f.deaths)} have died, according to ${f.authority}. Samples were sent to the reference laboratory.`,
  (f: Facts, w: string) =>
    `Cases of ${f.disease} in ${w} rose to ${fmt(f.total)}, with ${fmt(f.n)} recorded in the past seven days. ${cap(f.authority)} said contact tracing is under way around the ${f.setting}.`,
  (f: Facts, w: string) =>
    `Clinics in ${w} treated ${fmt(f.n)} patients with ${f.disease} symptoms after a cluster at a ${f.setting}; ${fmt(f.deaths)} fatalities were reported and ${f.authority} urged residents to seek care early.`,
];
const animalBodies = [
  (f: Facts, w: string) =>
    `${cap(f.authority)} confirmed ${f.disease} in ${f.species} on a ${f.setting} in ${w}. ${fmt(f.n)} animals were culled and movement restrictions imposed within 10 km.`,
  (f: Facts, w: string) =>
    `An outbreak of ${f.disease} killed ${fmt(f.deaths)} ${f.species} in ${w}, ${f.authority} said, and ${fmt(f.n)} more were destroyed to stop the spread.`,
  (f: Facts, w: string) =>
    `Laboratory tests confirmed ${f.disease} among ${f.species} at a ${f.setting} in ${w}; ${f.authority} notified WOAH and culled ${fmt(f.n)} animals.`,
];
const informationTitles = [
  (d: string) => `New ${d} vaccine shows promise in phase 3 trial`,
  (d: string) => `What you need to know about ${d}: symptoms and prevention`,
  (d: string) => `Researchers map how ${d} evolved over two decades`,
  (d: string) => `WHO publishes updated guidance on ${d} treatment`,
];
const informationBodies = [
  (d: string, c: string) =>
    `A study published this week reviews ${d} research funding${c ? ` in ${c}` : ''} and the vaccines under development. Experts call for more awareness and prevention.`,
  (d: string, c: string) =>
    `The guidance summarises symptoms of ${d}, how it is prevented, and the history of control programmes${c ? `, drawing on experience from ${c}` : ''}.`,
];
const spamItems = [
  (c: string) => [
    `Best casino bonus deals of the year`,
    `Buy now and get a discount coupon with our crypto giveaway. Offer valid in ${c}.`,
  ],
  (c: string) => [
    `Stock markets in ${c} rally on export figures`,
    `Shares rose for a third day as exporters in ${c} posted strong results.`,
  ],
  (c: string) => [
    `${c} wins the regional football cup`,
    `Fans celebrated in the capital of ${c} late into the night.`,
  ],
  (c: string) => [
    `Lose weight fast with these slimming pills`,
    `A limited promo for readers in ${c}: sale ends Friday, unsubscribe at any time.`,
  ],
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function diseaseName(rng: Rng, displayName: string): string {
  const synonyms = diseaseSynonyms[displayName] ?? [];
  if (synonyms.length > 0 && rng.chance(0.3)) return rng.pick(synonyms);
  const simple = displayName.replace(/ virus disease$/, '').replace(/ \(seasonal\)$/, '');
  return rng.chance(0.5) ? simple : displayName;
}

function countryName(rng: Rng, name: string): string {
  const synonyms = countrySynonyms[name] ?? [];
  return synonyms.length > 0 && rng.chance(0.3) ? rng.pick(synonyms) : name;
}

/** How an outlet names the place: city and country, province and country, or the city alone. */
function where(rng: Rng, f: Facts): string {
  const roll = rng.next();
  const country = countryName(rng, f.country);
  if (roll < 0.5) return `${f.city}, ${country}`;
  if (roll < 0.75) return `${f.province}, ${country}`;
  if (roll < 0.9) return f.city;
  return country;
}

const activeDiseases = seedDiseases.filter((d) => d.diseaseId <= 57);
const speciesName = new Map(seedSpecies.map((s) => [s.speciesId, s.displayName.toLowerCase()]));

/** `count` labelled items, reproducible for a seed; published dates spread over `days` days. */
export function generateLabelledItems(count: number, seed = 8, days = 20): LabelledItem[] {
  const rng = createRng(seed);
  const items: LabelledItem[] = [];
  const start = Date.UTC(2026, 10, 1);
  let story = 0;
  const push = (item: Omit<LabelledItem, 'id' | 'url'>, outlet: string) => {
    const id = `i${items.length + 1}`;
    items.push({ ...item, id, url: `https://www.${outlet}/news/${seed}/${id}?utm_source=rss` });
  };
  let previous: {
    disease: SeedDisease;
    country: CountryPlaces;
    cityId: number;
  } | null = null;
  while (items.length < count) {
    const roll = rng.next();
    if (roll < 0.12) {
      const c = rng.pick(places.countries).country;
      const [title, text] = rng.pick(spamItems)(c.name);
      push(
        {
          title: title ?? '',
          text: text ?? '',
          published: new Date(start + rng.int(0, days * 86_400) * 1000).toISOString(),
          labels: {
            diseaseIds: [],
            countryIds: [places.byIso2.get(c.iso2)?.row.id ?? 0],
            storyId: null,
            contentType: 1,
          },
        },
        rng.pick(outlets),
      );
      continue;
    }
    if (roll < 0.24) {
      const d = rng.pick(seedDiseases);
      const withCountry = rng.chance(0.4) ? rng.pick(places.countries) : null;
      const name = diseaseName(rng, d.displayName);
      push(
        {
          title: rng.pick(informationTitles)(name),
          text: rng.pick(informationBodies)(name, withCountry?.country.name ?? ''),
          published: new Date(start + rng.int(0, days * 86_400) * 1000).toISOString(),
          labels: {
            diseaseIds: [d.diseaseId],
            countryIds: withCountry ? [withCountry.row.id] : [],
            storyId: null,
            contentType: 2,
          },
        },
        rng.pick(outlets),
      );
      continue;
    }
    // A story: 30 % a sibling of the previous one (same disease and country, another city).
    const sibling: boolean = previous !== null && rng.chance(0.3);
    const disease: SeedDisease = sibling && previous ? previous.disease : rng.pick(activeDiseases);
    const iso = rng.pick(disease.countries);
    const country: CountryPlaces =
      sibling && previous
        ? previous.country
        : (places.byIso2.get(iso) ?? rng.pick(places.countries));
    // A sibling story happens elsewhere in the country: another city.
    const previousCityId: number | undefined = previous?.cityId;
    const cityRow: CountryPlaces['cities'][number] = rng.pick(
      country.cities.slice(0, 12).filter((c) => !sibling || c.id !== previousCityId),
    );
    previous = { disease, country, cityId: cityRow.id };
    const province =
      country.provinces.find((p) => p.id === cityRow.provinceId)?.name ?? country.country.name;
    const speciesId = disease.speciesIds[0] ?? 1;
    const human = speciesId === 1;
    const n = rng.int(3, Math.max(4, disease.scale));
    const facts: Facts = {
      disease: disease.displayName,
      diseaseId: disease.diseaseId,
      country: country.country.name,
      countryId: country.row.id,
      city: cityRow.name,
      province,
      n,
      total: n + rng.int(0, disease.scale * 5),
      deaths: Math.max(1, Math.round(n * disease.cfr)),
      setting: rng.pick(human ? humanSettings : animalSettings),
      authority: rng.pick(human ? authorities : vetAuthorities),
      species: speciesName.get(speciesId) ?? 'animals',
      human,
      day: new Date(start + rng.int(0, days - 1) * 86_400_000),
    };
    story += 1;
    const storyId = `s${story}`;
    const tellers = rng.weighted([1, 2, 3, 4], [35, 30, 20, 15]);
    const titles = rng.sample(human ? humanTitles : animalTitles, tellers);
    const bodies = rng.sample(
      human ? humanBodies : animalBodies,
      Math.min(tellers, (human ? humanBodies : animalBodies).length),
    );
    const tellerOutlets = rng.sample(outlets, tellers);
    for (let t = 0; t < tellers && items.length < count; t += 1) {
      const name = diseaseName(rng, disease.displayName);
      const told = { ...facts, disease: name };
      const writeTitle = titles[t % titles.length] ?? titles[0];
      const writeBody = bodies[t % bodies.length] ?? bodies[0];
      if (!writeTitle || !writeBody) break;
      const title = writeTitle(told, where(rng, facts));
      let text = writeBody(told, where(rng, facts));
      // Context the labels do not count: a neighbouring country's earlier outbreak.
      if (rng.chance(0.15)) {
        const other = rng.pick(places.countries.filter((c) => c.row.id !== facts.countryId));
        text += ` A similar outbreak was reported in ${other.country.name} last year.`;
      }
      if (!human && rng.chance(0.1)) text += ' Guinea fowl on nearby farms are being tested.';
      push(
        {
          title,
          text,
          published: new Date(facts.day.getTime() + rng.int(0, 3 * 86_400) * 1000).toISOString(),
          labels: {
            diseaseIds: [disease.diseaseId],
            countryIds: [facts.countryId],
            storyId,
            contentType: 3,
          },
        },
        tellerOutlets[t] ?? rng.pick(outlets),
      );
    }
  }
  return items;
}
