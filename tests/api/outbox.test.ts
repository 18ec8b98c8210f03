import { once } from 'node:events';
import { Schema } from 'effect';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { Importance } from '@domain/enums';
import { messages } from '@domain/messages';
import { OutboxMailJson } from '@domain/outbox-api';
import type { TestServer } from '../support/test-server';
import { backends, freePort } from '../support/test-server';
import type { apiClient } from './articles-fixtures';
import type { EntriesFixtures } from './entries-fixtures';
import { startEntriesServer } from './entries-fixtures';

const decodeOutbox = Schema.decodeUnknownSync(Schema.Array(OutboxMailJson), {
  onExcessProperty: 'error',
});

type Api = ReturnType<typeof apiClient>;

/** Commits (or only saves) one situational update at the country; answers the response. */
async function sendUpdate(
  api: Api,
  fx: EntriesFixtures,
  update: Record<string, unknown>,
  commitChanges = true,
) {
  const base = `/api/diseaseactivities/${fx.activityId}/countries/${fx.place.canada}`;
  const detail = await api('GET', `${base}/numDays/5`);
  return api('POST', `${base}/reports/propagate`, {
    json: {
      commitChanges,
      warningsAccepted: true,
      descriptions: [
        {
          locationId: fx.place.canada,
          reportedOn: '2024-01-11',
          description: '<p>Twelve <strong>new</strong> cases &amp; two deaths.</p>',
          updateReason: 'IST Update',
          ...update,
        },
      ],
    },
    headers: { 'if-match': detail.headers.get('etag') ?? '' },
  });
}

const outboxOf = async (api: Api) => {
  const res = await api('GET', '/api/outbox');
  expect(res.status).toBe(200);
  return decodeOutbox(res.body);
};

describe.each(backends)('Notification outbox on %s (no SMTP)', (backend) => {
  let server: TestServer;
  let fx: EntriesFixtures;
  let amara: Api;
  let lukas: Api;
  let anonymous: Api;

  beforeAll(async () => {
    ({ server, fx, amara, lukas, anonymous } = await startEntriesServer(backend));
    // Both analysts are known users with addresses; only Lukas follows Anthrax (disease 1).
    await lukas('GET', '/api/outbox');
    const [lukasRow] = await server.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.subject, 'lukas'));
    await server.db
      .insert(t.userDiseaseInterests)
      .values({ userId: lukasRow?.id ?? 0, diseaseId: 1 });
  });
  afterAll(() => server.close());

  it('a committed Critical update queues one mail to all users, the title as subject', async () => {
    const res = await sendUpdate(amara, fx, {
      title: 'Anthrax spreads to a second ward',
      importance: Importance.Critical,
    });
    expect(res.status).toBe(201);
    const [mail] = await outboxOf(amara);
    expect(mail).toMatchObject({
      kind: 'situationalUpdate',
      diseaseActivityId: fx.activityId,
      recipients: ['amara@ist.example', 'lukas@ist.example'],
      subject: 'Anthrax spreads to a second ward',
      status: 'queued',
      attempts: 0,
      sentAt: null,
    });
    expect(mail?.text).toContain('Critical situational update: Anthrax in Canada in');
    expect(mail?.text).toContain('Twelve new cases & two deaths.');
    expect(mail?.text).toContain(`/activity/${fx.activityId}/${fx.place.canada}`);
    expect(mail?.text).not.toContain('<');
  });

  it('Important goes to users with the disease among their interests only', async () => {
    const before = (await outboxOf(amara)).length;
    const res = await sendUpdate(amara, fx, {
      reportedOn: '2024-01-12',
      title: 'New cluster',
      importance: Importance.Important,
    });
    expect(res.status).toBe(201);
    const list = await outboxOf(amara);
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ subject: 'New cluster', recipients: ['lukas@ist.example'] });
  });

  it('Standard, a save without commit, and a refused commit queue nothing', async () => {
    const before = (await outboxOf(amara)).length;
    expect(
      (await sendUpdate(amara, fx, { reportedOn: '2024-01-13', importance: Importance.Standard }))
        .status,
    ).toBe(201);
    expect(
      (
        await sendUpdate(
          amara,
          fx,
          { reportedOn: '2024-01-13', title: 'Saved only', importance: Importance.Critical },
          false,
        )
      ).status,
    ).toBe(201);
    // Critical without a title is an error: the commit is refused and no mail exists.
    const refused = await sendUpdate(amara, fx, {
      reportedOn: '2024-01-13',
      importance: Importance.Critical,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: string[] }).errors).toContain(messages.titleRequired);
    expect(await outboxOf(amara)).toHaveLength(before);
  });

  it('400 for a bad limit, 401 without a token', async () => {
    expect(await amara('GET', '/api/outbox?limit=0')).toMatchObject({
      status: 400,
      body: { errors: [messages.invalidId('limit')] },
    });
    expect((await amara('GET', '/api/outbox?limit=1')).body).toHaveLength(1);
    expect((await anonymous('GET', '/api/outbox')).status).toBe(401);
  });
});

describe.each(backends)('Notification delivery over SMTP on %s', (backend) => {
  const received: { rcpt: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let server: TestServer;
  let fx: EntriesFixtures;
  let amara: Api;

  beforeAll(async () => {
    // A real SMTP receiver on a free port (smtp-server, nodemailer's own project).
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            rcpt: session.envelope.rcptTo.map((r) => r.address).sort(),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const port = await freePort();
    smtp.listen(port, '127.0.0.1');
    await once(smtp.server, 'listening');
    ({ server, fx, amara } = await startEntriesServer(backend, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'IST <ist@ist.example>',
    }));
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends a committed Critical update and marks it sent', async () => {
    const res = await sendUpdate(amara, fx, {
      title: 'Critical: hospital outbreak',
      importance: Importance.Critical,
    });
    expect(res.status).toBe(201);
    // The commit nudges the sender; wait for the receiver (bounded by the test timeout).
    while (received.length === 0) await new Promise((r) => setTimeout(r, 50));
    const [message] = received;
    expect(message?.rcpt).toEqual(['amara@ist.example', 'ist@ist.example']);
    expect(message?.data).toContain('Subject: Critical: hospital outbreak');
    expect(message?.data).toContain('From: IST <ist@ist.example>');
    expect(message?.data).not.toMatch(/^Bcc:/m);
    let mail = (await outboxOf(amara))[0];
    while (mail?.status !== 'sent') {
      await new Promise((r) => setTimeout(r, 50));
      mail = (await outboxOf(amara))[0];
    }
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(mail.sentAt).not.toBeNull();
    const [pending] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.outbox)
      .where(eq(t.outbox.status, 'queued'));
    expect(pending?.n).toBe(0);
  });
});
