import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Files not closed by their engine (a test that never closes it): removed when Node exits. */
const openFiles = new Set<DocumentFile>();
let exitHookInstalled = false;

/** The folders' names: the prefix, the owning process's id, then mkdtemp's letters. */
const folderPrefix = 'ist-search-documents-';
const folderPattern = /^ist-search-documents-(\d+)-/;

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
 * Removes the folders of servers that died without closing their file (kill -9): the exit hook
 * cannot run then. A folder whose process is alive (another server on this machine) is left.
 */
export function sweepOrphanedDocumentFiles(directory = tmpdir()): number {
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
 * Every document of a copy as the JSON text of the full `$select`, one slot after another in a
 * file of the server's temporary folder, with the slot's offset and length in memory (12 bytes a
 * slot). A page of 100 articles with their bodies is then 100 reads from the operating system's
 * page cache instead of a query that builds 100 JSON texts in PGlite (8–10 ms at 100,000
 * documents, most of a page request). A slot's document never changes (a write appends a new
 * slot), so what was written for a slot stays right. The table stays the source of truth: each
 * server builds its own file with its copy, and the file goes with the copy. The page cache holds
 * the hot part outside the process's resident memory.
 */
export class DocumentFile {
  /** The temporary folder holding the file (removed on close). */
  readonly directory: string;
  private readonly fd: number;
  private end = 0;
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;

  constructor() {
    if (!exitHookInstalled) sweepOrphanedDocumentFiles();
    this.directory = mkdtempSync(join(tmpdir(), `${folderPrefix}${process.pid}-`));
    this.fd = openSync(join(this.directory, 'documents'), 'w+');
    openFiles.add(this);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', () => {
        for (const file of openFiles) file.close();
      });
    }
  }

  /** Bytes held in memory (the offsets and lengths). */
  get bytes(): number {
    return this.offsets.byteLength + this.lengths.byteLength;
  }

  /** Bytes written to the file. */
  get fileBytes(): number {
    return this.end + this.pendingBytes;
  }

  /** Records slot's document (appended; written with the next flush or read). */
  put(slot: number, json: string): void {
    if (this.closed) return;
    if (slot >= this.offsets.length) this.grow(Math.max(slot + 1, this.offsets.length * 2));
    const bytes = Buffer.from(json);
    this.offsets[slot] = this.end + this.pendingBytes;
    this.lengths[slot] = bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    // Bounded: a load's batch is written in one call, a long one in 8 MB steps.
    if (this.pendingBytes >= 8 * 2 ** 20) this.flush();
  }

  /** The slot's document, or undefined when none was recorded (or the file is closed). */
  get(slot: number): Buffer | undefined {
    if (this.closed) return undefined;
    const length = this.lengths[slot] ?? 0;
    // Never empty when recorded: the text is at least `{}`.
    if (length === 0) return undefined;
    this.flush();
    const text = Buffer.allocUnsafe(length);
    const read = readSync(this.fd, text, 0, length, this.offsets[slot] ?? 0);
    return read === length ? text : undefined;
  }

  /** Writes what was put since the last flush. */
  flush(): void {
    if (this.pending.length === 0 || this.closed) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    if (chunk === undefined) return;
    let written = 0;
    while (written < chunk.length) {
      written += writeSync(this.fd, chunk, written, chunk.length - written, this.end + written);
    }
    this.end += chunk.length;
  }

  /** Drops the growth slack after a load. */
  trim(size: number): void {
    this.flush();
    if (size < this.offsets.length) this.grow(size);
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

  private grow(size: number): void {
    const offsets = new Float64Array(size);
    offsets.set(this.offsets.subarray(0, Math.min(size, this.offsets.length)));
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths.subarray(0, Math.min(size, this.lengths.length)));
    this.offsets = offsets;
    this.lengths = lengths;
  }
}
