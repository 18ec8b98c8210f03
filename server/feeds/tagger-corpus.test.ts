import { readFileSync } from 'node:fs';
import { iso31661 } from 'iso-3166';
import { describe, expect, it } from 'vitest';
import { seedDiseases } from '../seed/data/diseases';
import { LocationType } from '../../src/domain/enums';
import { Tagger } from '../../src/domain/feeds/tagger';
import { countryNames } from '../../src/domain/feeds/tagger-country-names';

/**
 * The real labelled corpus (tests/fixtures/band-outbreak-corpus.json, issue 29) is well formed,
 * and every ISO 3166-1 country can be named. The corpus' precision and recall are a benchmark
 * (`npm run bench:tagging`), not a test.
 */
interface CorpusItem {
  readonly id: string;
  readonly split: string;
  readonly text: string;
  readonly labels: { readonly diseases: readonly string[]; readonly countries: readonly string[] };
}
const items = (
  JSON.parse(readFileSync('tests/fixtures/band-outbreak-corpus.json', 'utf8')) as {
    items: CorpusItem[];
  }
).items;

describe('BAND outbreak corpus', () => {
  it('labels only ISO 3166-1 countries and lookup diseases', () => {
    const isoCodes = new Set(iso31661.map((c) => c.alpha2));
    const diseaseNames = new Set(seedDiseases.map((d) => d.displayName));
    const countries = items.flatMap((i) => i.labels.countries);
    const diseases = items.flatMap((i) => i.labels.diseases);
    expect(countries.length).toBeGreaterThan(40);
    expect(countries.filter((c) => !isoCodes.has(c))).toEqual([]);
    expect(diseases.filter((d) => !diseaseNames.has(d))).toEqual([]);
  });

  it('has a dev and a test split, each post once', () => {
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.filter((i) => i.split === 'dev').length).toBe(27);
    expect(items.filter((i) => i.split === 'test').length).toBe(23);
    expect(items.every((i) => i.text.length > 0)).toBe(true);
  });
});

describe('Country names', () => {
  // Every ISO 3166-1 country in a gazetteer of its own, named as ISO writes it.
  const all = iso31661.map((c, index) => ({
    id: index + 1,
    name: c.name,
    locationType: LocationType.Country,
    countryId: index + 1,
    population: 1,
    isoCode: c.alpha2,
  }));
  const tagger = new Tagger({ diseases: [], places: all, contextTags: [] });

  it('knows every one of the 249 ISO 3166-1 countries by at least one name', () => {
    expect(iso31661).toHaveLength(249);
    const { names } = countryNames();
    expect(iso31661.filter((c) => (names.get(c.alpha2) ?? []).length === 0)).toEqual([]);
  });

  it('finds each country written by its ISO short name', () => {
    // ISO's 'Congo' (CG) and 'Korea, Democratic People's Republic of' (KP) start with a bare
    // 'Congo' or 'Korea', which the tagger reads as the DRC and South Korea on purpose
    // (tagger-country-names.ts says why); they are found by their usual names instead.
    const bare = new Set(['CG', 'KP']);
    const missed = all.filter((c) => {
      if (bare.has(c.isoCode)) return false;
      const tags = tagger.tag(`Outbreak reported in ${c.name}`, '');
      return tags.countryIds[0] !== c.id;
    });
    expect(missed.map((c) => c.name)).toEqual([]);
    const idOf = (iso: string) => all.find((c) => c.isoCode === iso)?.id;
    expect(tagger.tag('Outbreak in the Republic of the Congo', '').countryIds).toEqual([
      idOf('CG'),
    ]);
    expect(tagger.tag('Measles in North Korea', '').countryIds).toEqual([idOf('KP')]);
    expect(tagger.tag('Measles in Congo', '').countryIds).toEqual([idOf('CD')]);
  });
});
