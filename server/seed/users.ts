import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedUsers, type SeedUserIds } from './data/users';

/**
 * Upserts the demo analysts and the auto-commit user by subject and returns their ids. The
 * identity layer may already have created a row on first sign-in; its id is kept.
 */
export async function upsertSeedUsers(db: Db): Promise<SeedUserIds> {
  const rows = await db
    .insert(users)
    .values(
      seedUsers.map((u) => ({
        subject: u.subject,
        givenName: u.givenName,
        familyName: u.familyName,
        email: u.email,
        initials: u.initials,
      })),
    )
    .onConflictDoUpdate({
      target: users.subject,
      set: {
        givenName: sql`excluded.given_name`,
        familyName: sql`excluded.family_name`,
        initials: sql`excluded.initials`,
      },
    })
    .returning({ id: users.id, subject: users.subject });
  const idOf = (subject: string) => {
    const row = rows.find((r) => r.subject === subject);
    if (row === undefined) throw new Error(`seed: user ${subject} was not saved`);
    return row.id;
  };
  return {
    amara: idOf('analyst-amara'),
    lukas: idOf('analyst-lukas'),
    mei: idOf('analyst-mei'),
    auto: idOf('ist-auto-commit'),
  };
}
