import { SpillFile } from './spill-file';

/**
 * Every document of a copy as the JSON text of the full `$select`, one slot after another in a
 * file of the server's temporary folder, with where each slot's ends in memory (8 bytes a slot:
 * the documents are appended in slot order, so a slot's starts where the one before ends). A page of 100 articles with their bodies is then 100 reads from the operating system's
 * page cache instead of a query that builds 100 JSON texts in PGlite (8–10 ms at 100,000
 * documents, most of a page request). A slot's document never changes (a write appends a new
 * slot), so what was written for a slot stays right. The table stays the source of truth: each
 * server builds its own file with its copy, and the file goes with the copy. The page cache holds
 * the hot part outside the process's resident memory.
 */
export class DocumentFile {
  private readonly file = new SpillFile('documents');
  /** Per slot, the file offset after its document; a slot without one ends where it starts. */
  private ends = new Float64Array(1024);
  /** Slots recorded so far (put in ascending order). */
  private recorded = 0;

  /** The temporary folder holding the file (removed on close). */
  get directory(): string {
    return this.file.directory;
  }

  /** Bytes held in memory (the ends). */
  get bytes(): number {
    return this.ends.byteLength;
  }

  /** Bytes written to the file. */
  get fileBytes(): number {
    return this.file.size;
  }

  /**
   * Records slot's document (appended; written with the next flush or read). Slots come in
   * ascending order (the copy appends them so); one put before an earlier one is ignored.
   */
  put(slot: number, json: string): void {
    if (this.file.isClosed || slot < this.recorded) return;
    if (slot >= this.ends.length) this.grow(Math.max(slot + 1, this.ends.length * 2));
    // Slots skipped (no document) end where they start: empty.
    this.ends.fill(this.endOf(this.recorded - 1), this.recorded, slot);
    const bytes = Buffer.from(json);
    this.ends[slot] = this.file.append(bytes) + bytes.length;
    this.recorded = slot + 1;
  }

  /** The slot's document, or undefined when none was recorded (or the file is closed). */
  get(slot: number): Buffer | undefined {
    if (slot < 0 || slot >= this.recorded) return undefined;
    const start = this.endOf(slot - 1);
    // Never empty when recorded: the text is at least `{}`.
    const length = this.endOf(slot) - start;
    if (length === 0) return undefined;
    return this.file.read(start, length);
  }

  private endOf(slot: number): number {
    return slot < 0 ? 0 : (this.ends[slot] ?? 0);
  }

  /** Writes what was put since the last flush. */
  flush(): void {
    this.file.flush();
  }

  /** Drops the growth slack after a load. */
  trim(size: number): void {
    this.flush();
    if (size < this.ends.length) this.grow(Math.max(size, this.recorded));
  }

  /** Closes and deletes the file. */
  close(): void {
    this.file.close();
  }

  private grow(size: number): void {
    const ends = new Float64Array(size);
    ends.set(this.ends.subarray(0, Math.min(size, this.ends.length)));
    this.ends = ends;
  }
}
