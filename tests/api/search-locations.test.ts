import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures, place } from '../support/search-fixtures';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

interface LocationDocument {
  key: string;
  id: number;
  displayName: string;
  provinceName: string | null;
  countryId: number | null;
  population: number | null;
  locationType: number;
  isDuplicate: boolean;
}

/** The four location searches of spec 000 §7, as the browser sends them (GET, $top 10). */
describe.each(backends)('location search shapes on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertSearchFixtures,
    });
  });
  afterAll(() => server.close());

  async function search(parameters: Record<string, string>): Promise<LocationDocument[]> {
    const query = new URLSearchParams({ 'api-version': '2024-07-01', $top: '10', ...parameters });
    const res = await fetch(`${server.baseUrl}/search/indexes/locations/docs?${query.toString()}`, {
      headers: { 'api-key': server.config.searchApiKey },
    });
    const body = (await res.json()) as { value?: LocationDocument[]; error?: unknown };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.value ?? [];
  }

  it('traveller locations: population descending, not duplicate, origin excluded', async () => {
    const found = await search({
      search: '+on*',
      searchFields: 'displayName,provinceName',
      $orderby: 'population desc',
      $filter: `isDuplicate eq false and id ne ${place.toronto}`,
    });
    expect(found.map((l) => l.id)).toEqual([place.ontario, place.york, place.ottawa]);
    expect(found[1]).toMatchObject({ displayName: 'York, Ontario', provinceName: 'Ontario' });
  });

  it('countries: locationType 6', async () => {
    const found = await search({ search: '+can*', $filter: 'locationType eq 6' });
    expect(found.map((l) => l.displayName)).toEqual(['Canada']);
    const all = await search({ $filter: 'locationType eq 6', $orderby: 'displayName' });
    expect(all.map((l) => l.displayName)).toEqual(['Canada', 'United States']);
  });

  it('within a country: up to 300 ids excluded, known types, displayName and provinceName', async () => {
    const excluded = [
      String(place.ottawa),
      ...Array.from({ length: 299 }, (_, i) => String(1_000_000 + i)),
    ];
    const found = await search({
      search: '+ontario*',
      searchFields: 'displayName,provinceName',
      $filter: `countryId eq ${place.canada} and not search.in(key, '${excluded.join(',')}', ',') and (locationType eq 2 or locationType eq 4 or locationType eq 6 or locationType eq 9 or locationType eq 30)`,
    });
    expect(found.map((l) => l.id).sort()).toEqual(
      [place.ontario, place.toronto, place.torontoDuplicate, place.york].sort(),
    );
  });

  it('single location by id', async () => {
    const found = await search({ $filter: `id eq ${place.ottawa}` });
    expect(found).toEqual([
      {
        '@search.score': 1,
        key: String(place.ottawa),
        id: place.ottawa,
        displayName: 'Ottawa, Ontario',
        provinceId: place.ontario,
        countryId: place.canada,
        population: 1_000_000,
        locationType: 2,
        featureCode: 'PPLC',
        name: 'Ottawa',
        provinceName: 'Ontario',
        isDuplicate: false,
        // The place's point as two numbers (issue 19).
        latitude: 45.4215,
        longitude: -75.6972,
      },
    ]);
  });
});
