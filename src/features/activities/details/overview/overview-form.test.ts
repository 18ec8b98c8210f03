import { describe, expect, it } from 'vitest';
import { messages } from '@/domain/messages';
import { overviewBodyOf, type OverviewDraft } from './overview-form';

const draft: OverviewDraft = {
  riskModelId: 1,
  publiclyVisible: true,
  daysNeededForUpdate: 14,
  allowedDaysGap: 365,
  notes: 'Seasonal',
};

describe('overviewBodyOf (spec 001 §5 "Overview edit")', () => {
  it('sends the five fields when they pass', () => {
    expect(overviewBodyOf(draft, '2026-11-24')).toEqual({ body: draft });
  });

  it('stops on the spec messages', () => {
    const result = overviewBodyOf(
      { ...draft, riskModelId: null, daysNeededForUpdate: 0, allowedDaysGap: 1001 },
      '2026-11-24',
    );
    expect('messages' in result && result.messages.map((m) => m.message)).toEqual([
      messages.riskModelRequired,
      messages.daysNeededForUpdateMin,
      messages.allowedDaysGapMax,
    ]);
    const blank = overviewBodyOf({ ...draft, allowedDaysGap: null }, '2026-11-24');
    expect('messages' in blank && blank.messages.map((m) => m.message)).toEqual([
      messages.allowedDaysGapRequired,
    ]);
  });
});
