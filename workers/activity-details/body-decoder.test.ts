import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { EntriesBody } from '@domain/entries/entries-api';
import { EntryType } from '@domain/enums';
import { createBodyDecoder } from './body-decoder';

const body = {
  commitChanges: false,
  cases: [
    {
      locationId: 5,
      reportedOn: '2024-01-02',
      reportedCases: { newCases: 3, userEntered: 'newCases' },
    },
    { locationId: 6, reportedOn: null },
  ],
  travellers: [{ locationId: 5, reportedOn: '2024-01-02', cases: 2 }],
  reportingPeriods: [
    { locationId: 1, reportedOn: '2024-01-03', type: EntryType.END_REPORTING_PERIOD },
  ],
};

describe('the pre-check body decoder', () => {
  it('answers what EntriesBody decodes, defaults filled in', () => {
    expect(createBodyDecoder()(body)).toEqual(Schema.decodeUnknownSync(EntriesBody)(body));
  });

  it('keeps the entries decoded by the call before and decodes a changed one anew', () => {
    const decode = createBodyDecoder();
    const first = decode(body);
    const changed = {
      ...body,
      cases: [body.cases[0], { locationId: 6, reportedOn: '2024-01-04' }],
    };
    const second = decode(changed);
    expect(second?.cases[0]).toBe(first?.cases[0]);
    expect(second?.cases[1]).toMatchObject({ locationId: 6, reportedOn: '2024-01-04' });
    expect(second?.travellers[0]).toBe(first?.travellers[0]);
  });

  it('refuses what the server refuses with 400', () => {
    const decode = createBodyDecoder();
    expect(decode({ cases: [{ locationId: 5, reportedOn: '2024-13-45' }] })).toBeNull();
    expect(decode({ cases: [{ locationId: -1, reportedOn: null }] })).toBeNull();
    expect(decode({ cases: 'none' })).toBeNull();
    expect(decode({ commitChanges: 'yes' })).toBeNull();
    expect(decode(null)).toBeNull();
  });
});
