import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '@server/db/migrate';

/** A copy of the committed migrations that stops before `tag` (an old database's state). */
export function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'ist-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
