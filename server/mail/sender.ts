import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** Sends given up after this many tries stay in the outbox as 'failed', with the last error. */
export const maxAttempts = 5;
/** A claim older than this was made by a sender that stopped (a crash): it is taken again. */
const leaseSeconds = 300;
/** Mails per round. */
const batchSize = 20;
/** How often the outbox is looked at besides the nudge after each commit. */
const pollMilliseconds = 30_000;

export interface MailSenderOptions {
  readonly db: Db;
  /** smtp://user:pass@host:port or smtps://…, as nodemailer takes it. */
  readonly smtpUrl: string;
  readonly from: string;
  readonly log: (message: string, error?: unknown) => void;
}

export interface MailSender {
  /** Sends what waits now (after a commit); returns at once. */
  kick(): void;
  /** One round: claim, send, record. Answers how many were sent. */
  drainOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for a round in flight. */
  stop(): Promise<void>;
}

type OutboxRow = typeof outbox.$inferSelect;

/** Claims up to a batch of waiting mails (skipping ones another sender holds). */
async function claim(db: Db): Promise<OutboxRow[]> {
  return db
    .update(outbox)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
    .where(
      sql`${outbox.id} in (select id from ${outbox}
        where ${outbox.status} = 'queued'
           or (${outbox.status} = 'sending' and ${outbox.claimedAt} < now() - make_interval(secs => ${leaseSeconds}))
        order by id limit ${batchSize} for update skip locked)`,
    )
    .returning();
}

/**
 * Drains the outbox over SMTP with nodemailer: each mail goes once to its recipients as Bcc
 * (nobody sees the others), from MAIL_FROM. A failure puts it back to try again next round,
 * until maxAttempts.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, from, log } = options;
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  const sendOne = async (row: OutboxRow): Promise<boolean> => {
    if (row.recipients.length === 0) {
      await db
        .update(outbox)
        .set({
          status: 'failed',
          lastError: 'No recipients: no user of this audience has an e-mail address.',
        })
        .where(eq(outbox.id, row.id));
      return false;
    }
    try {
      await transport.sendMail({
        from,
        to: from,
        bcc: row.recipients,
        subject: row.subject,
        text: row.textBody,
      });
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, row.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`mail ${row.id}: sending failed (attempt ${row.attempts})`, error);
      await db
        .update(outbox)
        .set({ status: row.attempts >= maxAttempts ? 'failed' : 'queued', lastError: message })
        .where(eq(outbox.id, row.id));
      return false;
    }
  };

  const round = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const rows = await claim(db);
      for (const row of rows) if (await sendOne(row)) sent++;
      if (rows.length < batchSize) return sent;
    }
  };

  const drainOnce = (): Promise<number> => {
    if (running !== null) {
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => {
        log('mail: the outbox round failed', error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void drainOnce();
        }
      });
    return running;
  };

  return {
    kick: () => void drainOnce(),
    drainOnce,
    start() {
      timer ??= setInterval(() => void drainOnce(), pollMilliseconds);
      void drainOnce();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      again = false;
      if (running !== null) await running;
      transport.close();
    },
  };
}
