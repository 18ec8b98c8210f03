import { Schema } from 'effect';
import { isCalendarDay } from './calendar-day';

/**
 * Assessments of a disease activity (issue 7's Assessments tab; spec 001 names the lookups
 * only: concern levels, confidence levels, criteria). Designed in docs/decisions/0049-assessments-tab.md: a dated,
 * append-only judgement — concern level, confidence level, the criteria met, a rationale.
 */

/** The rationale's longest length. */
export const RATIONALE_MAX_LENGTH = 2000;

/** The messages of an assessment (IST's own words: the spec shows none). */
export const assessmentMessages = {
  assessedOnRequired: 'Assessed on is a required field',
  assessedOnInFuture: 'Assessed on cannot be in the future',
  concernLevelRequired: 'Concern level is a required field',
  confidenceLevelRequired: 'Confidence level is a required field',
  rationaleTooLong: `Rationale cannot be more than ${RATIONALE_MAX_LENGTH} characters`,
  unknownConcernLevel: (id: number) => `Concern level ${id} does not exist.`,
  unknownConfidenceLevel: (id: number) => `Confidence level ${id} does not exist.`,
  unknownCriterion: (id: number) => `Assessment criterion ${id} does not exist.`,
} as const;

const Id = Schema.Int.pipe(Schema.positive());

/** POST /api/diseaseactivities/{id}/assessments: a new assessment (nulls while unchosen). */
export const AssessmentInput = Schema.Struct({
  assessedOn: Schema.NullOr(Schema.String),
  concernLevelId: Schema.NullOr(Id),
  confidenceLevelId: Schema.NullOr(Id),
  criteriaIds: Schema.Array(Id),
  rationale: Schema.String,
});
export type AssessmentInput = typeof AssessmentInput.Type;

/** One assessment as the API answers it. */
export const AssessmentJson = Schema.Struct({
  id: Id,
  diseaseActivityId: Id,
  assessedOn: Schema.String,
  concernLevelId: Id,
  confidenceLevelId: Id,
  criteriaIds: Schema.Array(Id),
  rationale: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
});
export type AssessmentJson = typeof AssessmentJson.Type;

/** A message about one field of the assessment form. */
export interface AssessmentMessage {
  readonly field: 'assessedOn' | 'concernLevelId' | 'confidenceLevelId' | 'rationale';
  readonly message: string;
}

/**
 * The form's rules, run by the browser and again by the server: a real day not after today,
 * both levels chosen, a rationale of at most 2000 characters. Criteria are optional (none met
 * is a judgement too); which ids exist is the server's check.
 */
export function validateAssessment(input: AssessmentInput, today: string): AssessmentMessage[] {
  const out: AssessmentMessage[] = [];
  if (input.assessedOn === null || !isCalendarDay(input.assessedOn)) {
    out.push({ field: 'assessedOn', message: assessmentMessages.assessedOnRequired });
  } else if (input.assessedOn > today) {
    out.push({ field: 'assessedOn', message: assessmentMessages.assessedOnInFuture });
  }
  if (input.concernLevelId === null) {
    out.push({ field: 'concernLevelId', message: assessmentMessages.concernLevelRequired });
  }
  if (input.confidenceLevelId === null) {
    out.push({ field: 'confidenceLevelId', message: assessmentMessages.confidenceLevelRequired });
  }
  if (input.rationale.trim().length > RATIONALE_MAX_LENGTH) {
    out.push({ field: 'rationale', message: assessmentMessages.rationaleTooLong });
  }
  return out;
}
