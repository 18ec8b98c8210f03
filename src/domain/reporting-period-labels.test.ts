import { describe, expect, it } from 'vitest';
import { ReportingPeriodType, reportingPeriodTypeLabel } from './enums';

describe('reporting period type labels', () => {
  it('are the spec words (001 §3 "Reporting period type: New Outbreak, New Season, Not Applicable")', () => {
    expect(Object.values(ReportingPeriodType).map((t) => reportingPeriodTypeLabel[t])).toEqual([
      'New Outbreak',
      'New Season',
      'Not Applicable',
    ]);
  });
});
