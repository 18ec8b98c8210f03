import { describe, expect, it } from 'vitest';
import { EntryType } from '@domain/enums';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

interface Report {
  id: number;
  type: number;
  locationId: number;
  originId?: number | null;
  originLocation?: string | null;
}

/** A traveller entry's origin (spec 001 §3 originId / originLocation): stored, read back named. */
describe.each(backends)('traveller origin on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara } = api;
  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const detail = async () => {
    const res = await amara('GET', `${base()}/numDays/5`);
    expect(res.status).toBe(200);
    return {
      reports: (res.body as { reports: Report[] }).reports,
      etag: res.headers.get('etag') ?? '',
    };
  };
  const traveller = (originId: number) => ({
    locationId: api.fx.place.toronto,
    reportedOn: '2024-01-12',
    cases: 2,
    originId,
  });

  it('refuses an origin that is the entry’s own location, saves nothing', async () => {
    const { etag, reports } = await detail();
    const res = await amara('POST', `${base()}/reports/propagate`, {
      json: { travellers: [traveller(api.fx.place.toronto)] },
      headers: { 'if-match': etag },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { errors: [messages.originIsTravellerLocation] },
    });
    expect((await detail()).reports).toHaveLength(reports.length);
  });

  it('commits originId and answers originLocation, the origin’s display name', async () => {
    const { etag } = await detail();
    const res = await amara('POST', `${base()}/reports/propagate`, {
      json: { commitChanges: true, travellers: [traveller(api.fx.place.paris)] },
      headers: { 'if-match': etag },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const committed = (await detail()).reports.filter((r) => r.type === EntryType.TRAVELLER);
    expect(committed).toEqual([
      expect.objectContaining({
        locationId: api.fx.place.toronto,
        originId: api.fx.place.paris,
        originLocation: 'Paris',
      }),
    ]);
  });
});
