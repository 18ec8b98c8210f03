import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssessmentRefusal } from '../db/repositories/activity-assessments';
import { StaleVersion } from '../db/repositories/activity-version-lock';
import { ArticleRefusal } from '../db/repositories/articles-write';
import { ActivityRefusal } from '../db/repositories/disease-activities';
import { EntriesRefusal } from '../db/repositories/entries-submission';
import { ApiError } from './errors';
import { installErrorHandler, toHttpAnswer } from './error-mapping';

// Expected words and statuses are written out here, not read from the code under test: the
// 500 and 503 texts are the API's documented answers (docs/decisions/0066), the refusal
// messages are the spec's (001 §5 duplicate activity, 000 §7 article calls).
const internal = 'An unexpected error occurred. It has been logged.';
const outage =
  'IST cannot reach its database just now, so nothing was changed. Try again in a few seconds.';
const duplicate = '"Anthrax in Canada in Human" already exists.';

/** A thrown value per case, each answered by one route of a bare fastify app. */
const thrown: Record<string, () => unknown> = {
  article404: () => new ArticleRefusal(404, ['Article 7 does not exist.']),
  article409: () => new ArticleRefusal(409, ['The suggestion has no activity yet.']),
  entries400: () => new EntriesRefusal(400, ['Please enter at least one case data.', 'Second.']),
  entries404: () => new EntriesRefusal(404, ['Disease activity 9 does not exist.']),
  assessment: () => new AssessmentRefusal(['Unknown concern level 99.']),
  activity400: () => new ActivityRefusal(400, ['Unknown disease 5.']),
  duplicate: () =>
    new ActivityRefusal(409, [duplicate], { diseaseActivityId: 12, countryId: 6251999 }),
  api: () => new ApiError(404, ['Route GET:/api/x not found']),
  fastify4xx: () => Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }),
  stale: () => new StaleVersion(4),
  secret: () => new Error('relation "disease_species" does not exist at /srv/ist/db.ts:12'),
  outage: () =>
    new Error('query failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      }),
    }),
};

describe('one error mapping for every route', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    for (const [name, make] of Object.entries(thrown)) {
      app.get(`/${name}`, () => {
        throw make();
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = async (name: string) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    return { status: res.statusCode, headers: res.headers, body: res.json<unknown>() };
  };

  it.each([
    ['article404', 404, ['Article 7 does not exist.']],
    ['article409', 409, ['The suggestion has no activity yet.']],
    ['entries400', 400, ['Please enter at least one case data.', 'Second.']],
    ['entries404', 404, ['Disease activity 9 does not exist.']],
    ['assessment', 400, ['Unknown concern level 99.']],
    ['activity400', 400, ['Unknown disease 5.']],
    ['api', 404, ['Route GET:/api/x not found']],
    ['fastify4xx', 400, ['Body is not valid JSON']],
  ])('%s answers %i with { errors } in JSON', async (name, status, errors) => {
    const res = await ask(name);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ errors });
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('a duplicate activity answers 409 naming the activity to go to', async () => {
    const res = await ask('duplicate');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ errors: [duplicate], diseaseActivityId: 12, countryId: 6251999 });
  });

  it('an unknown error answers 500 with one fixed message and nothing of the error', async () => {
    const res = await app.inject({ method: 'GET', url: '/secret' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [internal] });
    expect(res.body).not.toMatch(/disease_species|\/srv|db\.ts|stack/);
  });

  it('a database outage answers 503 with Retry-After: 5', async () => {
    const res = await ask('outage');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ errors: [outage] });
  });

  it('StaleVersion is no mapping (its 412 carries the detail the route reads): a route that lets it escape answers 500', async () => {
    expect((await ask('stale')).status).toBe(500);
  });

  it('refusals are not logged; fastify 4xx at info; outages at warn; the rest at error', () => {
    expect(toHttpAnswer(thrown.entries400?.()).log).toBe('none');
    expect(toHttpAnswer(thrown.duplicate?.()).log).toBe('none');
    expect(toHttpAnswer(thrown.fastify4xx?.()).log).toBe('info');
    expect(toHttpAnswer(thrown.outage?.()).log).toBe('warn');
    expect(toHttpAnswer(thrown.secret?.()).log).toBe('error');
    expect(toHttpAnswer(new ApiError(502, ['upstream'])).log).toBe('error');
  });
});
