import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentFile } from './document-file';
import { spillSpaceWarning, sweepOrphanedSpillFolders } from './spill-file';

describe('DocumentFile', () => {
  it('gives back each slot’s document, across flushes, growth and a trim', () => {
    const file = new DocumentFile();
    const expected = new Map<number, string>();
    // Slots as a copy gives them: mostly in order, some skipped (a document removed from the
    // table before its row was read), past the first growth.
    for (let slot = 0; slot < 3_000; slot += slot % 7 === 3 ? 2 : 1) {
      const text = JSON.stringify({ articleId: String(slot), body: 'ü😀"\\'.repeat(slot % 13) });
      file.put(slot, text);
      expected.set(slot, text);
      if (slot % 500 === 0) file.flush();
    }
    file.trim(3_000);
    for (const [slot, text] of expected) expect(file.get(slot)?.toString()).toBe(text);
    expect(file.get(4)).toBeUndefined();
    expect(file.get(10_000)).toBeUndefined();
    // A later slot, after the trim, and one read before being flushed.
    file.put(3_001, '{"articleId":"3001"}');
    expect(file.get(3_001)?.toString()).toBe('{"articleId":"3001"}');
    expect(file.fileBytes).toBe(
      [...expected.values(), '{"articleId":"3001"}'].reduce((n, t) => n + Buffer.byteLength(t), 0),
    );
    file.close();
  });

  it('deletes its file on close and answers nothing after', () => {
    const file = new DocumentFile();
    file.put(0, '{}');
    const { directory } = file;
    expect(existsSync(directory)).toBe(true);
    file.close();
    expect(existsSync(directory)).toBe(false);
    expect(file.get(0)).toBeUndefined();
  });

  it('sweeps the folders of dead servers (kill -9), not those of live ones', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ist-sweep-test-'));
    // A process that has exited: its id is free (or reused by a live one, then left alone).
    const { pid: dead } = spawnSync(process.execPath, ['-e', '']);
    const orphan = join(directory, `ist-search-documents-${dead}-abc123`);
    const orphanPositions = join(directory, `ist-search-positions-${dead}-ghi789`);
    const live = join(directory, `ist-search-documents-${process.pid}-def456`);
    const other = join(directory, 'something-else-1-x');
    for (const folder of [orphan, orphanPositions, live, other]) mkdirSync(folder);
    expect(sweepOrphanedSpillFolders(directory)).toBe(2);
    expect([orphan, orphanPositions, live, other].map((folder) => existsSync(folder))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    rmSync(directory, { recursive: true, force: true });
  });

  it('names its folder after its process', () => {
    const file = new DocumentFile();
    expect(file.directory).toMatch(new RegExp(`ist-search-documents-${process.pid}-`));
    file.close();
  });

  it("warns when the temporary folder lacks a copy's size free, by df's count", () => {
    const directory = tmpdir();
    // The oracle: df's available bytes (the margin covers other tests writing meanwhile).
    const free = Number(
      execFileSync('df', ['-B1', '--output=avail', directory], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1),
    );
    const margin = 200 * 2 ** 20;
    expect(spillSpaceWarning(Math.max(0, free - margin), directory)).toBeUndefined();
    const warning = spillSpaceWarning(free + margin, directory);
    expect(warning).toContain(`${directory} has`);
    expect(warning).toContain('TMPDIR');
  });
});
