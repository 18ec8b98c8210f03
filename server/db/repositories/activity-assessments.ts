import { and, desc, eq, inArray } from 'drizzle-orm';
import { assessmentMessages, type AssessmentInput, type AssessmentJson } from '@domain/assessments';
import type { Db } from '../client';
import {
  activityAssessments,
  assessmentConcernLevels,
  assessmentConfidenceLevels,
  assessmentCriteria,
  users,
} from '../schema';
import { recordAudit } from './audit';

/** Refused ids of an assessment: the API's 400, in the catalogue's words. */
export class AssessmentRefusal extends Error {
  constructor(readonly errors: readonly string[]) {
    super(errors.join(' '));
  }
}

const columns = {
  id: activityAssessments.id,
  diseaseActivityId: activityAssessments.diseaseActivityId,
  assessedOn: activityAssessments.assessedOn,
  concernLevelId: activityAssessments.concernLevelId,
  confidenceLevelId: activityAssessments.confidenceLevelId,
  criteriaIds: activityAssessments.criteriaIds,
  rationale: activityAssessments.rationale,
  given: users.givenName,
  family: users.familyName,
  createdAt: activityAssessments.createdAt,
};

/** A selected row (users is left-joined: the names may be null). */
interface Row {
  readonly id: number;
  readonly diseaseActivityId: number;
  readonly assessedOn: string;
  readonly concernLevelId: number;
  readonly confidenceLevelId: number;
  readonly criteriaIds: readonly number[];
  readonly rationale: string;
  readonly given: string | null;
  readonly family: string | null;
  readonly createdAt: Date;
}

const toJson = (r: Row): AssessmentJson => ({
  id: r.id,
  diseaseActivityId: r.diseaseActivityId,
  assessedOn: r.assessedOn,
  concernLevelId: r.concernLevelId,
  confidenceLevelId: r.confidenceLevelId,
  criteriaIds: [...r.criteriaIds],
  rationale: r.rationale,
  createdBy: r.given === null ? null : `${r.given} ${r.family ?? ''}`.trim(),
  createdAt: r.createdAt.toISOString(),
});

/** An activity's assessments, latest first. */
export async function listAssessments(db: Db, activityId: number): Promise<AssessmentJson[]> {
  const rows = await db
    .select(columns)
    .from(activityAssessments)
    .leftJoin(users, eq(users.id, activityAssessments.createdByUserId))
    .where(eq(activityAssessments.diseaseActivityId, activityId))
    .orderBy(desc(activityAssessments.assessedOn), desc(activityAssessments.id));
  return rows.map(toJson);
}

/**
 * Records an assessment (the input already passed validateAssessment): every id is checked
 * against its lookup first, all refusals in one 400; the insert and its audit row are one
 * transaction.
 */
export async function addAssessment(
  db: Db,
  activityId: number,
  input: AssessmentInput & {
    readonly assessedOn: string;
    readonly concernLevelId: number;
    readonly confidenceLevelId: number;
  },
  userId: number,
): Promise<AssessmentJson> {
  return db.transaction(async (tx) => {
    const problems: string[] = [];
    const [concern] = await tx
      .select({ id: assessmentConcernLevels.id })
      .from(assessmentConcernLevels)
      .where(eq(assessmentConcernLevels.id, input.concernLevelId));
    if (!concern) problems.push(assessmentMessages.unknownConcernLevel(input.concernLevelId));
    const [confidence] = await tx
      .select({ id: assessmentConfidenceLevels.id })
      .from(assessmentConfidenceLevels)
      .where(eq(assessmentConfidenceLevels.id, input.confidenceLevelId));
    if (!confidence) {
      problems.push(assessmentMessages.unknownConfidenceLevel(input.confidenceLevelId));
    }
    const criteriaIds = [...new Set(input.criteriaIds)].sort((a, b) => a - b);
    if (criteriaIds.length > 0) {
      const known = new Set(
        (
          await tx
            .select({ id: assessmentCriteria.id })
            .from(assessmentCriteria)
            .where(inArray(assessmentCriteria.id, criteriaIds))
        ).map((c) => c.id),
      );
      for (const id of criteriaIds) {
        if (!known.has(id)) problems.push(assessmentMessages.unknownCriterion(id));
      }
    }
    if (problems.length > 0) throw new AssessmentRefusal(problems);
    const [inserted] = await tx
      .insert(activityAssessments)
      .values({
        diseaseActivityId: activityId,
        assessedOn: input.assessedOn,
        concernLevelId: input.concernLevelId,
        confidenceLevelId: input.confidenceLevelId,
        criteriaIds,
        rationale: input.rationale.trim(),
        createdByUserId: userId,
      })
      .returning({ id: activityAssessments.id });
    if (!inserted) throw new Error('assessment insert returned nothing');
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'assessment',
      entityId: inserted.id,
      detail: { after: { diseaseActivityId: activityId, ...input, criteriaIds } },
    });
    const [row] = await tx
      .select(columns)
      .from(activityAssessments)
      .leftJoin(users, eq(users.id, activityAssessments.createdByUserId))
      .where(and(eq(activityAssessments.id, inserted.id)));
    if (!row) throw new Error('assessment not found after insert');
    return toJson(row);
  });
}
