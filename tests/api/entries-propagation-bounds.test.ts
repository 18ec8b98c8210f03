import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { addDays, todayOf } from '@domain/calendar-day';
import { ValidateAnswerJson } from '@domain/entries/entries-api';
import { messages } from '@domain/messages';
import { backends } from '../support/test-server';
import { useEntriesServer } from './entries-fixtures';

const decodeValidate = Schema.decodeUnknownSync(ValidateAnswerJson);

/**
 * Spec 001 §5 "Propagation": the date may not be earlier than the latest reported-on date nor
 * beyond the reporting period; the fixtures' period is open, so it reaches today (UTC) and no
 * further. A historic Toronto entry (2024-01-07, before the 2024-01-10 Daily Total) is sent.
 */
describe.each(backends)('propagation date bounds on %s', (backend) => {
  const api = useEntriesServer(backend);
  const { amara } = api;
  const base = () => `/api/diseaseactivities/${api.fx.activityId}/countries/${api.fx.place.canada}`;
  const historic = () => ({
    locationId: api.fx.place.toronto,
    reportedOn: '2024-01-07',
    reportedCases: { newCases: 3, userEntered: 'newCases' },
  });
  const validate = async (upto: string) => {
    const res = await amara('POST', `${base()}/reports/true/validate?propagateUptoDate=${upto}`, {
      json: { cases: [historic()] },
    });
    expect(res.status).toBe(200);
    return decodeValidate(res.body).messages;
  };

  it('today is accepted; tomorrow and later are beyond the open reporting period', async () => {
    const today = todayOf(Date.now());
    expect(await validate(today)).toEqual([]);
    expect(await validate(addDays(today, 1))).toEqual([messages.propagationBeyondPeriod]);
    expect(await validate(addDays(today, 400))).toEqual([messages.propagationBeyondPeriod]);
  });

  it('earlier than the latest reported-on date is refused', async () => {
    expect(await validate('2024-01-09')).toEqual([messages.propagationBeforeLatest]);
    expect(await validate('2024-01-10')).toEqual([]);
  });

  it('a save beyond the period is refused with the spec message and writes nothing', async () => {
    const detail = await amara('GET', `${base()}/numDays/5`);
    const etag = detail.headers.get('etag') ?? '';
    const tomorrow = addDays(todayOf(Date.now()), 1);
    const res = await amara(
      'POST',
      `${base()}/reports/propagate?propagate=true&propagateUptoDate=${tomorrow}`,
      { json: { commitChanges: true, cases: [historic()] }, headers: { 'if-match': etag } },
    );
    expect(res).toMatchObject({
      status: 400,
      body: { errors: [messages.propagationBeyondPeriod] },
    });
    const after = await amara('GET', `${base()}/numDays/5`);
    expect(after.headers.get('etag')).toBe(etag);
  });
});
