import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lookups, lookupEndpoints } from '@domain/lookups';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

describe.each(backends)('lookups on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  let auth: { authorization: string };

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertLookupFixtures,
    });
    auth = { authorization: `Bearer ${await issuer.token()}` };
  });
  afterAll(() => server.close());

  it('GET /api/lookups answers every lookup in the domain shape', async () => {
    const res = await fetch(`${server.baseUrl}/api/lookups`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const lookups = Schema.decodeUnknownSync(Lookups, { onExcessProperty: 'error' })(
      await res.json(),
    );
    expect(lookups.diseases).toEqual([
      { diseaseId: 1, displayName: 'Anthrax', speciesIds: [1, 2] },
      { diseaseId: 2, displayName: 'Cholera', speciesIds: [1] },
    ]);
    expect(lookups.species).toEqual([
      { speciesId: 1, displayName: 'Human', speciesGroup: 1, diseaseIds: [1, 2] },
      { speciesId: 2, displayName: 'Cattle', speciesGroup: 2, diseaseIds: [1] },
    ]);
    expect(lookups.riskModels).toEqual([
      { riskModelId: 0, displayName: 'None' },
      { riskModelId: 1, displayName: 'Human' },
    ]);
    expect(lookups.feeds).toEqual([
      { id: 1, name: 'ProMED' },
      { id: 10, name: 'NewsMedia' },
    ]);
    expect(lookups.dataSourceGroups[0]).toEqual({
      id: 1,
      displayName: 'Ministry of Health',
      categoryId: 1,
    });
    expect(lookups.hamTypes.map((h) => h.id)).toEqual([1, 2, 3]);
    expect(lookups.rejectionReasons).toEqual([{ id: 1, displayName: 'Not relevant' }]);
    expect(lookups.contextTagGroups).toEqual([
      {
        id: 1,
        displayName: 'Setting',
        tags: [
          { id: 1, displayName: 'Hospital' },
          { id: 2, displayName: 'School' },
        ],
      },
      { id: 2, displayName: 'Empty group', tags: [] },
    ]);
    expect(lookups.assessmentCriteria).toEqual([
      { id: 1, displayName: 'Severity', description: 'How severe the disease is' },
    ]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${server.baseUrl}/api/lookups`, { headers: auth });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const second = await fetch(`${server.baseUrl}/api/lookups`, {
      headers: { ...auth, 'if-none-match': etag ?? '' },
    });
    expect(second.status).toBe(304);
  });

  it.each(Object.entries(lookupEndpoints))(
    'GET /api/%s answers the matching array',
    async (key, path) => {
      const all = (await (
        await fetch(`${server.baseUrl}/api/lookups`, { headers: auth })
      ).json()) as Record<string, unknown>;
      const res = await fetch(`${server.baseUrl}/api/${path}`, { headers: auth });
      expect(res.status).toBe(200);
      const body: unknown = await res.json();
      expect(Array.isArray(body)).toBe(true);
      expect(body).toEqual(all[key]);
      expect((body as unknown[]).length).toBeGreaterThan(0);
    },
  );
});
