import { describe, expect, it } from 'vitest';
import type { QueryParameters } from '@domain/article-search/query';
import { SearchFailure, type SearchServiceSend } from '../search-service';
import { createLocationSearch } from './location-search';

const hit = (id: number) => ({
  id,
  displayName: `Place ${id}`,
  name: `Place ${id}`,
  locationType: 2,
});

/** A send that records the parameters and answers with `ids` (or fails). */
function fakeSend(ids: readonly number[] | 'fail') {
  const sent: QueryParameters[] = [];
  const send = ((_method: string, _path: string, parameters: QueryParameters) => {
    sent.push(parameters);
    if (ids === 'fail') return Promise.reject(new SearchFailure('GET /locations answered 500'));
    return Promise.resolve({
      value: ids.map((id) => ({
        ...hit(id),
        provinceId: null,
        provinceName: null,
        countryId: 1,
        population: null,
      })),
    });
  }) as SearchServiceSend;
  return { send, sent };
}

describe('the location search client (worker)', () => {
  it('asks nothing below 3 characters', async () => {
    const { send, sent } = fakeSend([1]);
    const search = createLocationSearch(send, () => Promise.resolve());
    expect(await search.searchActivityLocations(1, 'to', [])).toEqual({
      locations: [],
      error: false,
    });
    expect(await search.searchTravellerLocations(' t ', null)).toEqual({
      locations: [],
      error: false,
    });
    expect(await search.searchCountries('ca')).toEqual({ locations: [], error: false });
    expect(sent).toEqual([]);
  });

  it('never offers an added place, even past the 300 the query carries', async () => {
    const added = Array.from({ length: 301 }, (_, i) => i + 1);
    const { send, sent } = fakeSend([5, 301, 400]);
    const search = createLocationSearch(send, () => Promise.resolve());
    const answer = await search.searchActivityLocations(1, 'pla', added);
    expect(answer.locations.map((l) => l.id)).toEqual([400]);
    expect(Object.fromEntries(sent[0] ?? [])['$top']).toBe('10');
  });

  it('a single location by id, null when absent', async () => {
    const search = createLocationSearch(fakeSend([7]).send, () => Promise.resolve());
    expect(await search.getLocation(7)).toMatchObject({ id: 7, displayName: 'Place 7' });
    expect(await search.getLocation(8)).toBeNull();
  });

  it('a search service failure is logged and gives an empty result (spec 000 §8)', async () => {
    const logged: string[] = [];
    const search = createLocationSearch(fakeSend('fail').send, (m) => {
      logged.push(m);
      return Promise.resolve();
    });
    expect(await search.searchTravellerLocations('toronto', 3)).toEqual({
      locations: [],
      error: true,
    });
    expect(logged).toEqual(['Search error: GET /locations answered 500']);
  });
});
