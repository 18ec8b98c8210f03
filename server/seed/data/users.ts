/** A demo user row: the identity subject and the names the header and the user column show. */
export interface SeedUser {
  readonly key: 'amara' | 'lukas' | 'mei' | 'auto';
  readonly subject: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly email: string | null;
  readonly initials: string;
}

/**
 * The demo analysts of the embedded identity provider (subjects match server/identity), plus the
 * auto-commit pseudo-user whose initials 'A' the entries table shows as 'Auto-committed'.
 */
export const seedUsers: readonly SeedUser[] = [
  { key: 'amara', subject: 'analyst-amara', givenName: 'Amara', familyName: 'Okafor', email: 'amara.okafor@ist.example', initials: 'AO' },
  { key: 'lukas', subject: 'analyst-lukas', givenName: 'Lukas', familyName: 'Schneider', email: 'lukas.schneider@ist.example', initials: 'LS' },
  { key: 'mei', subject: 'analyst-mei', givenName: 'Mei', familyName: 'Tanaka', email: 'mei.tanaka@ist.example', initials: 'MT' },
  { key: 'auto', subject: 'ist-auto-commit', givenName: 'Auto', familyName: 'Commit', email: null, initials: 'A' },
];

/** Database ids of the seed users, by key (the insert layer upserts them and passes the ids). */
export type SeedUserIds = Readonly<Record<SeedUser['key'], number>>;
export const defaultSeedUserIds: SeedUserIds = { amara: 1, lukas: 2, mei: 3, auto: 4 };
