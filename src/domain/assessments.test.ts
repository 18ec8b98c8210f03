import { describe, expect, it } from 'vitest';
import { assessmentMessages, validateAssessment, type AssessmentInput } from './assessments';

const good: AssessmentInput = {
  assessedOn: '2026-11-20',
  concernLevelId: 2,
  confidenceLevelId: 1,
  criteriaIds: [1, 3],
  rationale: 'Spreading to new districts.',
};

describe('validateAssessment', () => {
  it('passes a complete assessment, criteria optional', () => {
    expect(validateAssessment(good, '2026-11-24')).toEqual([]);
    expect(validateAssessment({ ...good, criteriaIds: [], rationale: '' }, '2026-11-24')).toEqual(
      [],
    );
  });

  it('names each missing or wrong field', () => {
    expect(
      validateAssessment(
        {
          assessedOn: null,
          concernLevelId: null,
          confidenceLevelId: null,
          criteriaIds: [],
          rationale: 'x'.repeat(2001),
        },
        '2026-11-24',
      ).map((m) => m.message),
    ).toEqual([
      assessmentMessages.assessedOnRequired,
      assessmentMessages.concernLevelRequired,
      assessmentMessages.confidenceLevelRequired,
      assessmentMessages.rationaleTooLong,
    ]);
    expect(validateAssessment({ ...good, assessedOn: '2026-11-25' }, '2026-11-24')).toEqual([
      { field: 'assessedOn', message: assessmentMessages.assessedOnInFuture },
    ]);
    expect(validateAssessment({ ...good, assessedOn: '2026-02-30' }, '2026-11-24')).toEqual([
      { field: 'assessedOn', message: assessmentMessages.assessedOnRequired },
    ]);
  });
});
