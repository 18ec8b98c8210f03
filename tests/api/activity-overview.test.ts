import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { ActivityDetailJson } from '@domain/entries/entries-api';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const decodeDetail = Schema.decodeUnknownSync(ActivityDetailJson, { onExcessProperty: 'error' });

describe.each(backends)('Overview edit on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara } = api;

  const path = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const good = {
    riskModelId: 1,
    publiclyVisible: false,
    daysNeededForUpdate: 30,
    allowedDaysGap: 7,
    notes: 'Weekly figures from the ministry.',
  };

  it('saves the overview and answers the updated details with a new ETag', async () => {
    const etag = (await amara('GET', `${path()}/numDays/5`)).headers.get('etag') ?? '';
    const res = await amara('PUT', path(), { json: good, headers: { 'if-match': etag } });
    expect(res.status).toBe(200);
    const d = decodeDetail(res.body);
    expect(d.activity.countryDetails).toMatchObject({
      publiclyVisible: false,
      daysNeededForUpdate: 30,
      allowedDaysGap: 7,
      notes: 'Weekly figures from the ministry.',
    });
    expect(res.headers.get('etag')).toBe(`"${d.version}"`);
    expect(res.headers.get('etag')).not.toBe(etag);
    const history = await amara('GET', `/api/diseaseactivities/${api.fx.activityId}/history`);
    expect(history.body).toEqual([
      expect.objectContaining({
        entity: 'diseaseActivity',
        action: 'update',
        detail: expect.objectContaining({
          before: expect.objectContaining({ allowedDaysGap: 14, publiclyVisible: true }),
          after: expect.objectContaining({ allowedDaysGap: 7 }),
        }),
      }),
    ]);
  });

  it('gives every §5 message of the overview, word for word, and changes nothing', async () => {
    const res0 = await amara('GET', `${path()}/numDays/5`);
    const etag = res0.headers.get('etag') ?? '';
    const bad = await amara('PUT', path(), {
      json: { riskModelId: null, daysNeededForUpdate: 0, allowedDaysGap: 1001 },
      headers: { 'if-match': etag },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        errors: [
          'Risk model is required',
          'Visibility is required',
          'Number of days for update required must be greater than zero',
          'Update frequency cannot be more than 1000 days',
        ],
      },
    });
    const missing = await amara('PUT', path(), {
      json: { riskModelId: 1, publiclyVisible: true },
      headers: { 'if-match': etag },
    });
    expect(missing.body).toEqual({
      errors: ['Number of days for update required is required', 'Update frequency is required'],
    });
    const tooLong = await amara('PUT', path(), {
      json: { ...good, daysNeededForUpdate: 400, allowedDaysGap: 0 },
      headers: { 'if-match': etag },
    });
    expect(tooLong.body).toEqual({
      errors: ['Cannot be more than 1 year from now', 'Update frequency must be greater than zero'],
    });
    expect(decodeDetail((await amara('GET', `${path()}/numDays/5`)).body).version).toBe(
      decodeDetail(res0.body).version,
    );
  });

  it('refuses an unknown risk model, a missing or stale If-Match', async () => {
    const etag = (await amara('GET', `${path()}/numDays/5`)).headers.get('etag') ?? '';
    expect(
      await amara('PUT', path(), {
        json: { ...good, riskModelId: 99 },
        headers: { 'if-match': etag },
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: [messages.unknownReference('risk model', 99)] },
    });
    expect((await amara('PUT', path(), { json: good })).status).toBe(428);
    expect(
      (await amara('PUT', path(), { json: good, headers: { 'if-match': '"0"' } })).status,
    ).toBe(412);
  });
});
