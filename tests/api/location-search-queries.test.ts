import { AzureKeyCredential, SearchClient } from '@azure/search-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { reindexAll } from '@server/search/indexer';
import {
  countriesQuery,
  locationByIdQuery,
  locationsWithinCountryQuery,
  travellerLocationsQuery,
} from '@domain/location-search';
import { insertSearchFixtures, place } from '../support/search-fixtures';
import { sdkSearch } from '../support/sdk-query';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

interface LocationDocument {
  id: number;
  displayName: string;
  provinceName: string | null;
  countryId: number | null;
  population: number | null;
  locationType: number;
  isDuplicate: boolean;
}

/** Fourteen Ontario ports (population 1,000 × n), a duplicate of one, and one in the US. */
const port = (n: number) => 7_000_000 + n;
const portDuplicate = 7_000_100;
const portInUs = 7_000_200;

/**
 * Every query of the location search service (src/domain/location-search.ts, spec 000 §7) sent
 * by the official @azure/search-documents client to the embedded service: what the queries
 * mean on an Azure index is what they answer here.
 */
describe.each(backends)('location search queries through the SDK on %s', (backend) => {
  let server: TestServer;
  let client: SearchClient<LocationDocument>;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: async (db) => {
        await insertSearchFixtures(db);
        const ontarioPlace = (id: number, name: string, population: number) => ({
          id,
          name,
          locationType: 2,
          countryId: place.canada,
          provinceId: place.ontario,
          parentId: place.ontario,
          population,
          displayName: `${name}, Ontario`,
        });
        await db.insert(t.locations).values([
          ...Array.from({ length: 14 }, (_, i) =>
            ontarioPlace(port(i + 1), `Port Harbour ${i + 1}`, 1000 * (i + 1)),
          ),
          { ...ontarioPlace(portDuplicate, 'Port Harbour 14', 99_000), isDuplicate: true },
          {
            id: portInUs,
            name: 'Port Harbour',
            locationType: 2,
            countryId: place.unitedStates,
            population: 500_000,
            displayName: 'Port Harbour',
          },
        ]);
        await reindexAll(db);
      },
    });
    client = new SearchClient<LocationDocument>(
      `${server.baseUrl}/search`,
      'locations',
      new AzureKeyCredential(server.config.searchQueryKey),
      { serviceVersion: '2024-07-01', allowInsecureConnection: true },
    );
    // Two reindexes on a loaded machine (the fixtures' and ours).
  }, 240_000);
  afterAll(() => server.close());

  const ids = (found: LocationDocument[]) => found.map((l) => l.id);

  it('within a country: 10 most populous of the country, every word required', async () => {
    const found = await sdkSearch(
      client,
      locationsWithinCountryQuery(place.canada, 'port har', []),
    );
    expect(ids(found)).toEqual([
      portDuplicate,
      port(14),
      port(13),
      port(12),
      port(11),
      port(10),
      port(9),
      port(8),
      port(7),
      port(6),
    ]);
    expect(
      await sdkSearch(client, locationsWithinCountryQuery(place.canada, 'port xyz', [])),
    ).toEqual([]);
  });

  it('within a country: the added locations are left out by the query itself', async () => {
    const added = [
      portDuplicate,
      port(14),
      port(12),
      ...Array.from({ length: 297 }, (_, i) => 1 + i),
    ];
    const found = await sdkSearch(client, locationsWithinCountryQuery(place.canada, 'port', added));
    expect(ids(found)).toEqual([
      port(13),
      port(11),
      port(10),
      port(9),
      port(8),
      port(7),
      port(6),
      port(5),
      port(4),
      port(3),
    ]);
  });

  it('within a country: the province name is searched too, every known type found', async () => {
    const found = await sdkSearch(
      client,
      locationsWithinCountryQuery(place.canada, 'ontario', [place.ottawa]),
    );
    expect(ids(found).slice(0, 4)).toEqual([
      place.ontario,
      place.torontoDuplicate,
      place.toronto,
      place.york,
    ]);
    expect(ids(found)).not.toContain(place.ottawa);
    expect(found).toHaveLength(10);
  });

  it('traveller locations: any country, population descending, no duplicate, origin excluded', async () => {
    const found = await sdkSearch(client, travellerLocationsQuery('port harbour', port(13)));
    expect(ids(found)).toEqual([
      portInUs,
      port(14),
      port(12),
      port(11),
      port(10),
      port(9),
      port(8),
      port(7),
      port(6),
      port(5),
    ]);
    const toronto = await sdkSearch(client, travellerLocationsQuery('toronto', null));
    expect(ids(toronto)).toEqual([place.toronto]);
  });

  it('countries: location type 6 only, by name', async () => {
    expect(ids(await sdkSearch(client, countriesQuery('can')))).toEqual([place.canada]);
    expect(ids(await sdkSearch(client, countriesQuery('united sta')))).toEqual([
      place.unitedStates,
    ]);
    expect(await sdkSearch(client, countriesQuery('ontario'))).toEqual([]);
  });

  it('a single location by id', async () => {
    const found = await sdkSearch(client, locationByIdQuery(place.ottawa));
    expect(found).toEqual([
      {
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
        // Its point (issue 19's map), as the fixture gives it.
        latitude: 45.4215,
        longitude: -75.6972,
      },
    ]);
    expect(await sdkSearch(client, locationByIdQuery(12345))).toEqual([]);
  });
});
