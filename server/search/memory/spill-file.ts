import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a copy keeps on disk: its documents' JSON, its postings' positions. */
export type SpillKind = 'documents' | 'positions';

/** Files not closed by their owner (a test that never closes one): removed when Node exits. */
const openFiles = new Set<SpillFile>();
let exitHookInstalled = false;

/** The folders' names: `ist-search-<kind>-`, the owning process's id, then mkdtemp's letters. */
const folderPattern = /^ist-search-(?:documents|positions)-(\d+)-/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of servers that died without closing their files (kill -9): the exit hook
 * cannot run then. A folder whose process is alive (another server on this machine) is left.
 */
export function sweepOrphanedSpillFolders(directory = tmpdir()): number {
  let removed = 0;
  for (const name of readdirSync(directory)) {
    const pid = Number(folderPattern.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid) || processIsAlive(pid)) continue;
    rmSync(join(directory, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * A warning when the temporary folder lacks room for `bytes` more, else undefined: a reload
 * (compaction) writes a new copy's files there while the current copy's stay, so a copy needs
 * its own size free again (1.7 GB at 1,000,000 articles). A load that meets a full disk fails
 * and leaves the searches to SQL (or to the copy it was replacing); this says why beforehand.
 */
export function spillSpaceWarning(bytes: number, directory = tmpdir()): string | undefined {
  const { bavail, bsize } = statfsSync(directory);
  const free = bavail * bsize;
  if (free >= bytes) return undefined;
  const mb = (n: number) => Math.round(n / 2 ** 20).toLocaleString('en');
  return `memory search: ${directory} has ${mb(free)} MB free, and the next reload of the in-memory copy writes about ${mb(bytes)} MB there before the current copy's files go; free some space or set TMPDIR to a larger disk`;
}

/**
 * An append-only file in the server's temporary folder for what a copy needs rarely or a page at
 * a time (issue 18: resident memory under 1 GB at 1,000,000 documents): bytes are appended once
 * and read back by offset, from the operating system's page cache, outside the process's
 * resident memory. Each copy has its own files, made and dropped with it (deleted on close and
 * when Node exits; swept by the next server when its process was killed outright).
 */
export class SpillFile {
  /** The temporary folder holding the file (removed on close). */
  readonly directory: string;
  private readonly fd: number;
  private end = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private closed = false;

  constructor(kind: SpillKind) {
    if (!exitHookInstalled) sweepOrphanedSpillFolders();
    this.directory = mkdtempSync(join(tmpdir(), `ist-search-${kind}-${process.pid}-`));
    this.fd = openSync(join(this.directory, kind), 'w+');
    openFiles.add(this);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', () => {
        for (const file of openFiles) file.close();
      });
    }
  }

  /** Bytes appended (written, or waiting for the next flush). */
  get size(): number {
    return this.end + this.pendingBytes;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Appends bytes (written with the next flush or read); returns their offset. */
  append(bytes: Uint8Array): number {
    const offset = this.size;
    if (this.closed) return offset;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    // Bounded: a load's batch is written in one call, a long one in 8 MB steps.
    if (this.pendingBytes >= 8 * 2 ** 20) this.flush();
    return offset;
  }

  /** length bytes at offset, or undefined when the file is closed or shorter. */
  read(offset: number, length: number): Buffer | undefined {
    if (this.closed) return undefined;
    this.flush();
    const bytes = Buffer.allocUnsafe(length);
    if (length === 0) return bytes;
    const read = readSync(this.fd, bytes, 0, length, offset);
    return read === length ? bytes : undefined;
  }

  /**
   * length bytes at offset into `into` (from its start): false when the file is closed or
   * shorter. For bytes decoded at once and dropped: a reused buffer is not faulted in page by
   * page as a fresh one of hundreds of kB is on every read.
   */
  readInto(offset: number, length: number, into: Uint8Array): boolean {
    if (this.closed) return false;
    this.flush();
    if (length === 0) return true;
    return readSync(this.fd, into, 0, length, offset) === length;
  }

  /** Writes what was appended since the last flush. */
  flush(): void {
    if (this.pending.length === 0 || this.closed) return;
    const first = this.pending[0];
    const chunk =
      this.pending.length === 1 && first !== undefined ? first : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    let written = 0;
    while (written < chunk.length) {
      written += writeSync(this.fd, chunk, written, chunk.length - written, this.end + written);
    }
    this.end += chunk.length;
  }

  /** Closes and deletes the file. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    openFiles.delete(this);
    this.pending = [];
    closeSync(this.fd);
    rmSync(this.directory, { recursive: true, force: true });
  }
}
