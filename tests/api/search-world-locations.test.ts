import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWorldGazetteer } from '@server/gazetteer/load';
import type { QueryParameters } from '@domain/article-search/query';
import {
  countriesQuery,
  locationsWithinCountryQuery,
  travellerLocationsQuery,
} from '@domain/location-search';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

interface LocationDocument {
  id: number;
  name: string;
  displayName: string;
  countryId: number | null;
  locationType: number;
}

/**
 * A city on every inhabited continent (issue 29) and the country each is in, as atlases give
 * them: the world gazetteer, not the demo's 54 countries, answers the pickers' searches.
 */
const cities = [
  { typed: 'zürich', name: 'Zürich', country: 'Switzerland', continent: 'Europe' },
  { typed: 'suva', name: 'Suva', country: 'Fiji', continent: 'Oceania' },
  { typed: 'lima', name: 'Lima', country: 'Peru', continent: 'South America' },
  { typed: 'nairobi', name: 'Nairobi', country: 'Kenya', continent: 'Africa' },
  { typed: 'toronto', name: 'Toronto', country: 'Canada', continent: 'North America' },
  { typed: 'osaka', name: 'Osaka', country: 'Japan', continent: 'Asia' },
];

describe.each(backends)('location search over the world gazetteer on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: async (db) => {
        await ensureWorldGazetteer(db);
      },
    });
  }, 240_000);
  afterAll(() => server.close());

  /** The query as the browser sends it: GET, the query key. */
  async function search(parameters: QueryParameters): Promise<LocationDocument[]> {
    const query = new URLSearchParams([
      ['api-version', '2024-07-01'],
      ...parameters.map(([k, v]) => [k, v]),
    ]);
    const res = await fetch(`${server.baseUrl}/search/indexes/locations/docs?${query.toString()}`, {
      headers: { 'api-key': server.config.searchQueryKey },
    });
    const body = (await res.json()) as { value?: LocationDocument[]; error?: unknown };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.value ?? [];
  }

  const countryId = async (name: string) => {
    const found = (await search(countriesQuery(name))).filter((c) => c.displayName === name);
    expect(found, name).toHaveLength(1);
    return found[0]?.id ?? 0;
  };

  it.each(cities)('finds $name ($continent) anywhere, in $country', async (city) => {
    const found = await search(travellerLocationsQuery(city.typed, null));
    const top = found[0];
    expect(top?.name).toBe(city.name);
    expect(top?.countryId).toBe(await countryId(city.country));
  });

  it.each(cities)('finds $name within $country by its first letters', async (city) => {
    const id = await countryId(city.country);
    const found = await search(locationsWithinCountryQuery(id, city.typed.slice(0, 4), []));
    expect(found.map((l) => l.name)).toContain(city.name);
    expect(found.every((l) => l.countryId === id)).toBe(true);
  });

  it('lists small territories among the countries', async () => {
    for (const name of ['Vatican City', 'Tuvalu', 'Saint Helena, Ascension and Tristan da Cunha'])
      await countryId(name);
  });
});
