import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity, scopeWithoutApi } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

const unauthorized = { errors: ['Unauthorized'] };

describe.each(backends)('the /api bearer guard on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers });

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertLookupFixtures,
    });
  });
  afterAll(() => server.close());

  it('answers 401 JSON without a token', async () => {
    const res = await get('/api/lookups');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(unauthorized);
  });

  it('answers 401 to a non-bearer Authorization header', async () => {
    const res = await get('/api/lookups', { authorization: 'Basic YWRhOnNlY3JldA==' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthorized);
  });

  it('answers 401 to a garbage token', async () => {
    const res = await get('/api/lookups', { authorization: 'Bearer not.a.jwt' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthorized);
  });

  it('answers 401 to a token signed by another key', async () => {
    const res = await get('/api/feeds', {
      authorization: `Bearer ${await issuer.foreignToken()}`,
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 to an expired token', async () => {
    const res = await get('/api/feeds', {
      authorization: `Bearer ${await issuer.token({ expiresIn: -60 })}`,
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 to a token without the API scope', async () => {
    const res = await get('/api/feeds', {
      authorization: `Bearer ${await issuer.token({ scope: scopeWithoutApi })}`,
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 before 404 for unknown /api paths without a token', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(401);
  });

  it('records the user on first sight and keeps the names current', async () => {
    const sub = `guard-${backend}`;
    const first = await get('/api/feeds', {
      authorization: `Bearer ${await issuer.token({ sub, givenName: 'Grace', familyName: 'Hopper' })}`,
    });
    expect(first.status).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.subject, sub));
    expect(row).toMatchObject({ givenName: 'Grace', familyName: 'Hopper', initials: 'GH' });

    const renamed = await get('/api/feeds', {
      authorization: `Bearer ${await issuer.token({ sub, givenName: 'Grace B.', familyName: 'Murray' })}`,
    });
    expect(renamed.status).toBe(200);
    const rows = await server.db.select().from(users).where(eq(users.subject, sub));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ givenName: 'Grace B.', familyName: 'Murray', initials: 'GM' });
  });
});
