import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';

/**
 * Vitest global set-up: a migrated database to start each test server's database from, made
 * once per set of migrations instead of once per test file. An in-memory PGlite runs initdb
 * (about 2.5 s) and the migrations (about 1.5 s) each time it opens; a copy of a migrated one
 * opens in about 0.7 s. On PostgreSQL, `create database … template` copies a migrated one.
 * Tests that need an empty database (migrations, start-up races) still make their own.
 * The workers find the templates in IST_TEST_PGLITE_TEMPLATE and IST_TEST_POSTGRES_TEMPLATE;
 * IST_TEST_TEMPLATES=off turns them off.
 */
const migrationsFolder = join(import.meta.dirname, '../../server/db/migrations');

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (folder: string): Promise<void> => {
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else hash.update(entry.name).update(await readFile(path));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(hash: string): Promise<string> {
  const file = join(tmpdir(), `ist-pglite-template-${hash}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase(
    loadServerConfig({ DATA_DIR: 'memory://', DATABASE_URL: '' }),
  );
  try {
    await database.migrate();
    const tarball = await database.dumpDataDir?.();
    if (tarball === undefined) throw new Error('PGlite cannot dump its data folder');
    // Written aside, then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

async function postgresTemplate(adminUrl: string, hash: string): Promise<string> {
  const name = `ist_template_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount !== 0) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase(loadServerConfig({ DATABASE_URL: url.toString() }));
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch {
      // Another run made it meanwhile: use theirs.
      await admin.query(`drop database if exists "${building}"`);
    }
    // Templates of older migrations stay (a run on another branch may be using one): about
    // 10 MB each, on a test machine.
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<void> {
  // IST_TEST_TEMPLATES=off: every test database migrated from empty, as before.
  if (process.env['IST_TEST_TEMPLATES'] === 'off') return;
  const hash = await migrationsHash();
  process.env['IST_TEST_PGLITE_TEMPLATE'] = await pgliteTemplate(hash);
  const adminUrl = process.env['DATABASE_URL'];
  if (adminUrl) process.env['IST_TEST_POSTGRES_TEMPLATE'] = await postgresTemplate(adminUrl, hash);
}
