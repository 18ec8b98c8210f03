import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Importance } from '@domain/enums';
import type { OutboxMailJson } from '@domain/outbox-api';
import type { Audience } from '@domain/entries/notifications';
import { audienceOf, updateMail } from '@domain/entries/notifications';
import type { Db } from '../db/client';
import { outbox, userDiseaseInterests, users } from '../db/schema';

/** A committed situational update that may notify users. */
export interface CommittedUpdate {
  readonly reportId: number;
  readonly title: string | null;
  readonly description: string | null;
  readonly importance: Importance | null;
  readonly locationName: string;
  readonly reportedOn: string;
}

/** The activity the updates belong to, by name, and where it opens. */
export interface UpdateActivity {
  readonly diseaseActivityId: number;
  readonly diseaseId: number;
  readonly diseaseName: string;
  readonly countryName: string;
  readonly speciesName: string;
  readonly link: string;
}

/** The addresses of an audience: every user with an address, or those following the disease. */
async function recipientsOf(tx: Db, audience: Audience, diseaseId: number): Promise<string[]> {
  const rows =
    audience === 'allUsers'
      ? await tx.select({ email: users.email }).from(users).where(isNotNull(users.email))
      : await tx
          .select({ email: users.email })
          .from(users)
          .innerJoin(userDiseaseInterests, eq(userDiseaseInterests.userId, users.id))
          .where(and(isNotNull(users.email), eq(userDiseaseInterests.diseaseId, diseaseId)));
  return [
    ...new Set(rows.flatMap((r) => (r.email === null || r.email === '' ? [] : [r.email]))),
  ].sort();
}

/**
 * Queues the mails of committed Important and Critical updates. Called inside the commit's
 * transaction: the mail exists exactly when the commit does (a rolled-back commit queues
 * nothing, a committed one cannot lose its mail). Answers the outbox ids.
 */
export async function queueUpdateMails(
  tx: Db,
  activity: UpdateActivity,
  updates: readonly CommittedUpdate[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const u of updates) {
    const audience = audienceOf(u.importance);
    if (audience === null || u.importance === null) continue;
    const mail = updateMail({ ...activity, ...u, importance: u.importance });
    const [row] = await tx
      .insert(outbox)
      .values({
        kind: 'situationalUpdate',
        reportId: u.reportId,
        diseaseActivityId: activity.diseaseActivityId,
        recipients: await recipientsOf(tx, audience, activity.diseaseId),
        subject: mail.subject,
        textBody: mail.text,
      })
      .returning({ id: outbox.id });
    if (row) ids.push(row.id);
  }
  return ids;
}

/** GET /api/outbox's rows: the latest mails first. */
export async function listOutbox(db: Db, limit: number): Promise<OutboxMailJson[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    kind: r.kind,
    reportId: r.reportId,
    diseaseActivityId: r.diseaseActivityId,
    recipients: r.recipients,
    subject: r.subject,
    text: r.textBody,
    status: r.status,
    attempts: r.attempts,
    sentAt: r.sentAt?.toISOString() ?? null,
    lastError: r.lastError,
  }));
}

/** How many mails wait to be sent (queued, or claimed by a sender that stopped). */
export async function pendingMails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.status} in ('queued', 'sending')`);
  return row?.n ?? 0;
}
