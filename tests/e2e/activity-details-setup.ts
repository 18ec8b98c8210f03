import { expect, signIn, type Page } from './fixtures';
import { signIn as signInOverHttp } from '../support/sign-in';
import { knownLocationTypesFilter } from '@domain/location-search';

/**
 * Setting the scene for the details screen's e2e tests through the real API (signed in over
 * HTTP through the real OpenID flow): a fresh activity per test, and committed history where a
 * scenario needs one. Nothing of ours is mocked; the browser then does the analyst's part.
 */

export interface ApiSession {
  readonly base: string;
  readonly token: string;
}

export async function apiSession(base: string): Promise<ApiSession> {
  const { accessToken } = await signInOverHttp(base, 'analyst-amara');
  return { base, token: accessToken };
}

export async function call(
  session: ApiSession,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; etag: string | null }> {
  const res = await fetch(`${session.base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text === '' ? null : JSON.parse(text),
    etag: res.headers.get('etag'),
  };
}

/** The UTC day `n` days ago, YYYY-MM-DD. */
export const daysAgo = (n: number) =>
  new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** The same day as the screen shows it, YYYY/MM/DD. */
export const shown = (day: string) => day.replaceAll('-', '/');

export interface Activity {
  readonly diseaseActivityId: number;
  readonly countryId: number;
}

let attempt = 0;

/** A new human activity (disease, country, species unused so far), its period opened `startDaysAgo`. */
export async function createActivity(session: ApiSession, startDaysAgo = 40): Promise<Activity> {
  const lookups = await call(session, 'GET', '/lookups');
  const human = (
    lookups.json as { diseases: { diseaseId: number; speciesIds: number[] }[] }
  ).diseases
    .filter((d) => d.speciesIds.includes(1))
    .map((d) => d.diseaseId);
  for (let i = 0; i < 400; i += 1) {
    attempt += 1;
    // Human diseases and countries 1–54, walked pseudo-randomly until the triple is free.
    const diseaseId = human[(attempt * 7 + Date.now()) % human.length] ?? 1;
    const countryId = 1 + ((attempt * 13 + Math.floor(Date.now() / 7)) % 54);
    const res = await call(session, 'POST', '/diseaseactivities', {
      countryId,
      diseaseId,
      speciesId: 1,
      riskModelId: 1,
      publiclyVisible: true,
      daysNeededForUpdate: 14,
      allowedDaysGap: 365,
      reportingPeriodType: 'NewOutbreak',
      totalCountStartDate: daysAgo(startDaysAgo),
    });
    if (res.status === 201) return res.json as Activity;
    if (res.status !== 409)
      throw new Error(`create activity: ${res.status} ${JSON.stringify(res.json)}`);
  }
  throw new Error('no free disease, country and species combination');
}

export const typedCumulative = (cumulative: number | null) =>
  cumulative === null
    ? { cumulative: null, newCases: null, userEntered: null }
    : { cumulative, newCases: null, userEntered: 'cumulative' };

/** One case entry as the propagate route takes it: a place, a day and the typed count. */
export interface CaseEntry {
  readonly locationId: number;
  readonly reportedOn: string;
  readonly reportedCases: ReturnType<typeof typedCumulative>;
}

/** Commits `cases` in one save with warnings accepted (the version read first, for If-Match). */
export async function commitEntries(
  session: ApiSession,
  activity: Activity,
  cases: readonly CaseEntry[],
): Promise<void> {
  const path = `/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.countryId}`;
  const detail = await call(session, 'GET', `${path}/numDays/5`);
  expect(detail.status, JSON.stringify(detail.json)).toBe(200);
  const res = await call(
    session,
    'POST',
    `${path}/reports/propagate?propagate=false`,
    { commitChanges: true, warningsAccepted: true, cases },
    { 'if-match': detail.etag ?? '' },
  );
  if (res.status !== 201) throw new Error(`commit: ${res.status} ${JSON.stringify(res.json)}`);
}

/** Commits country-level case data (reported cumulatives by day) through the API. */
export async function commitCases(
  session: ApiSession,
  activity: Activity,
  entries: readonly { readonly reportedOn: string; readonly reported: number }[],
): Promise<void> {
  for (const entry of entries) {
    await commitEntries(session, activity, [
      {
        locationId: activity.countryId,
        reportedOn: entry.reportedOn,
        reportedCases: typedCumulative(entry.reported),
      },
    ]);
  }
}

/** Signs in through the embedded provider in the browser and opens an activity's details. */
export async function openActivity(page: Page, activity: Activity): Promise<void> {
  await signIn(page);
  await page.goto(`/activity/${activity.diseaseActivityId}/${activity.countryId}`);
  await expect(page.getByTestId('activity-title')).toBeVisible();
  await expect(page.getByTestId('location-table').first()).toBeVisible();
}

/** The country's table (the first: countries come first). */
export const countryTable = (page: Page) => page.getByTestId('location-table').first();

/** A place of the locations index, as the pickers find it. */
export interface Place {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
}

/** A country's `top` most populous places in the locations index (what Search/Add finds). */
export async function placesOf(
  session: ApiSession,
  countryId: number,
  top: number,
): Promise<Place[]> {
  const query = new URLSearchParams({
    'api-version': '2024-07-01',
    $top: String(top),
    $filter: `countryId eq ${countryId} and locationType ne 6 and ${knownLocationTypesFilter}`,
    $orderby: 'population desc,id asc',
  });
  const res = await fetch(`${session.base}/search/indexes/locations/docs?${query.toString()}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: Place[] }).value;
}
