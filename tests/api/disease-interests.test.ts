import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import { backends } from '../support/test-server';
import { apiClient, startArticlesServer } from './articles-fixtures';

describe.each(backends)('Disease interests API on %s', (backend) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  const path = '/api/users/me/diseaseInterests';
  const put = (json: unknown) => api('PUT', path, { json });

  beforeAll(async () => {
    ({ server, api } = await startArticlesServer(backend));
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  it('starts empty, then holds the chosen diseases (ascending, once each)', async () => {
    expect((await api('GET', path)).body).toEqual({ diseaseIds: [], email: null });
    const saved = await put({ diseaseIds: [2, 1, 2] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ diseaseIds: [1, 2], email: null });
    expect((await api('GET', path)).body).toEqual({ diseaseIds: [1, 2], email: null });
  });

  it('refuses bad bodies and unknown diseases, changing nothing', async () => {
    const unknown = await put({ diseaseIds: [1, 999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: ['Unknown disease 999999.'] });
    for (const body of [undefined, {}, { diseaseIds: ['1'] }, { diseaseIds: [0] }, []]) {
      expect((await put(body)).status).toBe(400);
    }
    const tooMany = await put({ diseaseIds: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect((await api('GET', path)).body).toEqual({ diseaseIds: [1, 2], email: null });
  });

  it('an empty list follows nothing; no token is a 401', async () => {
    expect((await put({ diseaseIds: [] })).body).toEqual({ diseaseIds: [], email: null });
    const anonymous = apiClient(server.baseUrl, () => '');
    expect((await anonymous('GET', path)).status).toBe(401);
    expect((await anonymous('PUT', path, { json: { diseaseIds: [1] } })).status).toBe(401);
  });
});
