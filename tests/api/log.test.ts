import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

describe.each(backends)('POST /api/log/js on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  let token: string;
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${server.baseUrl}/api/log/js`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({ backend, identity: issuer.identity });
    token = await issuer.token();
  });
  afterAll(() => server.close());

  it.each(['trace', 'debug', 'info', 'warn', 'error', 'fatal'])(
    'answers 204 to a %s entry',
    async (logLevel) => {
      const res = await post(JSON.stringify({ logLevel, message: 'Article update failed' }));
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    },
  );

  it('answers 400 with a readable message per problem', async () => {
    const res = await post(JSON.stringify({ logLevel: 'verbose', message: '' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string[] };
    expect(Object.keys(body)).toEqual(['errors']);
    expect(body.errors).toHaveLength(2);
    expect(body.errors[0]).toMatch(/^logLevel: /);
    expect(body.errors[0]).toContain('"warn"');
    expect(body.errors[1]).toMatch(/^message: /);
  });

  it('answers 400 to a missing field', async () => {
    const res = await post(JSON.stringify({ logLevel: 'info' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string[] };
    expect(body.errors).toEqual(['message: is missing']);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await post('{"logLevel": ');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: string[] };
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.every((e) => typeof e === 'string')).toBe(true);
  });

  it('answers 400 to a missing body', async () => {
    const res = await fetch(`${server.baseUrl}/api/log/js`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: ['A request body is required.'] });
  });
});
