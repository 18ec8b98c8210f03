import { describe, expect, it } from 'vitest';
import { ArticleContentType, LocationType } from '../enums';
import { canonicalUrl } from './canonical-url';
import { extractCaseFigures } from './case-figures';
import { StoryClusters } from './clustering';
import { guessContentType } from './content-type';
import { estimatedSimilarity, minhashSignature } from './minhash';
import { Tagger } from './tagger';
import { plainText } from './text';

const { City, State, Country } = LocationType;

const tagger = new Tagger({
  diseases: [
    { diseaseId: 1, displayName: 'Cholera' },
    { diseaseId: 7, displayName: 'Avian influenza A(H5N1)' },
    { diseaseId: 5, displayName: 'Ebola virus disease' },
    { diseaseId: 21, displayName: 'Middle East respiratory syndrome (MERS)' },
    { diseaseId: 57, displayName: 'Influenza (seasonal)' },
    { diseaseId: 27, displayName: 'Rift Valley fever' },
  ],
  places: [
    { id: 1, name: 'Guinea', locationType: Country, countryId: 1, population: 14_200_000 },
    {
      id: 2,
      name: 'Papua New Guinea',
      locationType: Country,
      countryId: 2,
      population: 10_300_000,
    },
    {
      id: 3,
      name: 'Democratic Republic of the Congo',
      locationType: Country,
      countryId: 3,
      population: 102_000_000,
    },
    { id: 4, name: 'Kenya', locationType: Country, countryId: 4, population: 55_000_000 },
    { id: 40, name: 'Rift Valley', locationType: State, countryId: 4, population: 10_000_000 },
    { id: 5, name: 'United States', locationType: Country, countryId: 5, population: 335_000_000 },
    { id: 6, name: 'India', locationType: Country, countryId: 6, population: 1_400_000_000 },
    { id: 7, name: 'Pakistan', locationType: Country, countryId: 7, population: 240_000_000 },
    // Two Hyderabads: the more populous one wins.
    { id: 60, name: 'Hyderabad', locationType: City, countryId: 6, population: 6_800_000 },
    { id: 70, name: 'Hyderabad', locationType: City, countryId: 7, population: 1_700_000 },
    { id: 8, name: 'Maldives', locationType: Country, countryId: 8, population: 500_000 },
    { id: 80, name: 'Male', locationType: City, countryId: 8, population: 130_000 },
  ],
  contextTags: [
    { id: 8, displayName: 'Hospital' },
    { id: 24, displayName: 'Culling' },
  ],
});

describe('Tagger', () => {
  it('finds diseases by name, derived names and synonyms, the longest name first', () => {
    // 'Bird flu' is H5N1's when the article writes H5N1; with no subtype written it is no lookup
    // subtype (decision 0087).
    expect(tagger.tag('Bird flu confirmed in Kenya', 'Tests found H5N1.').diseaseIds).toEqual([7]);
    expect(tagger.tag('Bird flu confirmed in Kenya', '').diseaseIds).toEqual([]);
    expect(tagger.tag('Ebola returns', 'Ebola virus disease cases').diseaseIds).toEqual([5]);
    expect(tagger.tag('MERS case reported', '').diseaseIds).toEqual([21]);
    // An acronym must be written as one: 'mers' in lower case is no disease.
    expect(tagger.tag('mers', '').diseaseIds).toEqual([]);
    // 'Rift Valley fever' is a disease, not the Rift Valley province.
    const rvf = tagger.tag('Rift Valley fever in Kenya', '');
    expect(rvf.diseaseIds).toEqual([27]);
    expect(rvf.locationIds).toEqual([4]);
  });

  it('places: longest name, capitalised only, the most populous of a shared name, synonyms', () => {
    expect(tagger.tag('Cholera in Papua New Guinea', '').countryIds).toEqual([2]);
    expect(tagger.tag('Cholera in Hyderabad', '')).toMatchObject({
      locationIds: [60],
      countryIds: [6],
    });
    expect(tagger.tag('Cholera among male workers', '').locationIds).toEqual([]);
    expect(tagger.tag('Cholera in Male, Maldives', '').locationIds).toEqual([80, 8]);
    expect(tagger.tag('Ebola in DRC', '').countryIds).toEqual([3]);
    expect(tagger.tag('Flu season', 'US officials said the flu season started').countryIds).toEqual(
      [5],
    );
  });

  it('ranks the most mentioned country first and suggests context tags', () => {
    const tags = tagger.tag(
      'Cholera in Guinea',
      'Hospital staff in Pakistan and Pakistan and Guinea, Guinea; birds culled',
    );
    // Pakistan weighs half of Guinea: mentioned, not about it (decision 0083).
    expect(tags.countryIds).toEqual([1]);
    expect(tags.mentionedCountryIds).toEqual([1, 7]);
    expect(tags.contextTagIds).toEqual([8, 24]);
  });
});

describe('content type', () => {
  it('explains spam, information and activity', () => {
    expect(
      guessContentType({
        title: 'Casino bonus deal',
        body: 'buy now',
        diseaseCount: 0,
        placeCount: 0,
      }),
    ).toEqual({
      hamTypeId: ArticleContentType.Spam,
      reasons: ['advertising words: casino, deal, buy'],
    });
    expect(
      guessContentType({ title: 'Stocks rise', body: '', diseaseCount: 0, placeCount: 1 })
        .hamTypeId,
    ).toBe(ArticleContentType.Spam);
    expect(
      guessContentType({
        title: 'New cholera vaccine trial results',
        body: 'A study found',
        diseaseCount: 1,
        placeCount: 0,
      }).hamTypeId,
    ).toBe(ArticleContentType.DiseaseInformation);
    const activity = guessContentType({
      title: 'Cholera outbreak: 12 cases',
      body: '',
      diseaseCount: 1,
      placeCount: 1,
    });
    expect(activity).toMatchObject({ hamTypeId: ArticleContentType.DiseaseActivity });
    expect(activity.reasons[1]).toBe('activity words: outbreak, cases');
  });
});

describe('canonical URL', () => {
  it('is the same for scheme, www, fragment, tracking parameters and a trailing slash', () => {
    const a = canonicalUrl('https://www.Example.org/news/1/?utm_source=rss&b=2&a=1#top');
    expect(a).toBe('example.org/news/1?a=1&b=2');
    expect(canonicalUrl('http://example.org/news/1?a=1&b=2&fbclid=x')).toBe(a);
    expect(canonicalUrl('ftp://example.org/x')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
  });
});

describe('MinHash and story clusters', () => {
  const story =
    'Health officials in Lagos confirmed 40 new cases of cholera linked to contaminated water in Ikorodu';
  const retold =
    'Officials confirm cholera outbreak linked to contaminated water in Ikorodu, Lagos: 40 new cases';
  const other = 'Measles vaccination campaign reaches two million children in northern Nigeria';

  it('estimates similarity: the same story retold is closer than another story', () => {
    const s = minhashSignature(story);
    expect(estimatedSimilarity(s, minhashSignature(story))).toBe(1);
    expect(estimatedSimilarity(s, minhashSignature(retold))).toBeGreaterThan(0.2);
    expect(estimatedSimilarity(s, minhashSignature(other))).toBeLessThan(0.1);
  });

  it('puts the same story in the first article’s cluster unless the tags disagree', () => {
    const clusters = new StoryClusters();
    const at = (articleId: number, text: string, diseaseIds: number[], countryIds: number[]) =>
      clusters.assign({
        articleId,
        signature: minhashSignature(text),
        diseaseIds,
        countryIds,
        publishedAt: Date.UTC(2026, 10, 1),
      });
    expect(at(10, story, [1], [1])).toEqual({ clusterId: 10, isChild: false });
    expect(at(11, retold, [1], [1])).toEqual({ clusterId: 10, isChild: true });
    expect(at(12, other, [2], [1])).toEqual({ clusterId: 12, isChild: false });
    // Same words, another country: not the same story.
    expect(at(13, story, [1], [9])).toEqual({ clusterId: 13, isChild: false });
  });
});

describe('feed text and case figures', () => {
  it('turns feed HTML into text', () => {
    expect(plainText('<p>Cases&nbsp;rise &amp; spread</p><script>x()</script>&#39;ok&#x27;')).toBe(
      "Cases rise & spread 'ok'",
    );
  });
  it('takes the largest stated cases and deaths', () => {
    expect(
      extractCaseFigures('12 new cases today, 1,204 suspected cases in total and 3 deaths'),
    ).toEqual({
      reportedCases: 1204,
      deaths: 3,
    });
    expect(extractCaseFigures('No figures here')).toEqual({ reportedCases: null, deaths: null });
  });
});
