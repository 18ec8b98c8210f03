import { and, eq } from 'drizzle-orm';
import { isRiskModelOffered } from '@domain/disease-activities';
import type { OverviewBody } from '@domain/entries/entries-api';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import { diseaseActivities, diseaseActivityCountries, riskModels } from '../schema';
import { lockActivityVersion } from './activity-version-lock';
import { recordAudit } from './audit';
import { EntriesRefusal } from './entries-submission';

/**
 * The overview edit (spec 001 §4 "Overview edit", §7 "Update overview"): the country details
 * of an activity, in one transaction with the version check and raise and an audit row with
 * the fields before and after. Answers the new version.
 */
export async function updateOverview(
  db: Db,
  activityId: number,
  countryId: number,
  body: OverviewBody,
  expectedVersion: number,
  userId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await lockActivityVersion(tx, activityId, countryId, expectedVersion);
    const [model] = await tx
      .select({ name: riskModels.displayName })
      .from(riskModels)
      .where(eq(riskModels.riskModelId, body.riskModelId));
    if (model === undefined) {
      throw new EntriesRefusal(400, [messages.unknownReference('risk model', body.riskModelId)]);
    }
    if (!isRiskModelOffered(body.riskModelId, locked.speciesId)) {
      throw new EntriesRefusal(400, [messages.humanRiskModelOnly(model.name)]);
    }
    const where = and(
      eq(diseaseActivityCountries.diseaseActivityId, activityId),
      eq(diseaseActivityCountries.countryId, countryId),
    );
    const [before] = await tx.select().from(diseaseActivityCountries).where(where);
    const after = {
      riskModelId: body.riskModelId,
      publiclyVisible: body.publiclyVisible,
      daysNeededForUpdate: body.daysNeededForUpdate,
      allowedDaysGap: body.allowedDaysGap,
      notes: body.notes,
    };
    await tx
      .update(diseaseActivityCountries)
      .set({ ...after, updatedAt: new Date() })
      .where(where);
    const version = locked.version + 1;
    await tx
      .update(diseaseActivities)
      .set({ version, updatedAt: new Date(), lastUpdatedByUserId: userId })
      .where(eq(diseaseActivities.diseaseActivityId, activityId));
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'diseaseActivity',
      entityId: activityId,
      detail: {
        before: {
          riskModelId: before?.riskModelId ?? null,
          publiclyVisible: before?.publiclyVisible ?? null,
          daysNeededForUpdate: before?.daysNeededForUpdate ?? null,
          allowedDaysGap: before?.allowedDaysGap ?? null,
          notes: before?.notes ?? null,
        },
        after,
      },
    });
    return version;
  });
}
