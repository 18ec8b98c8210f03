import { eq, inArray } from 'drizzle-orm';
import type { DiseaseInterests } from '@domain/disease-interests';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import { diseases, userDiseaseInterests, users } from '../schema';
import { ArticleRefusal } from './articles-write';

/** The user's followed diseases and mail address. */
export async function diseaseInterestsOf(db: Db, userId: number): Promise<DiseaseInterests> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ diseaseId: userDiseaseInterests.diseaseId })
    .from(userDiseaseInterests)
    .where(eq(userDiseaseInterests.userId, userId));
  return {
    diseaseIds: rows.map((r) => r.diseaseId).sort((a, b) => a - b),
    email: user?.email === '' ? null : (user?.email ?? null),
  };
}

/** Replaces the user's followed diseases in one transaction; an unknown disease refuses all. */
export async function replaceDiseaseInterests(
  db: Db,
  userId: number,
  diseaseIds: readonly number[],
): Promise<DiseaseInterests> {
  const wanted = [...new Set(diseaseIds)];
  await db.transaction(async (tx) => {
    const known = new Set(
      wanted.length === 0
        ? []
        : (
            await tx
              .select({ id: diseases.diseaseId })
              .from(diseases)
              .where(inArray(diseases.diseaseId, wanted))
          ).map((r) => r.id),
    );
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new ArticleRefusal(
        400,
        unknown.map((id) => messages.unknownReference('disease', id)),
      );
    }
    await tx.delete(userDiseaseInterests).where(eq(userDiseaseInterests.userId, userId));
    if (wanted.length > 0) {
      await tx
        .insert(userDiseaseInterests)
        .values(wanted.map((diseaseId) => ({ userId, diseaseId })));
    }
  });
  return diseaseInterestsOf(db, userId);
}
