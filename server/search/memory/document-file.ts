import { SpillFile } from './spill-file';

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
  private readonly file = new SpillFile('documents');
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);

  /** The temporary folder holding the file (removed on close). */
  get directory(): string {
    return this.file.directory;
  }

  /** Bytes held in memory (the offsets and lengths). */
  get bytes(): number {
    return this.offsets.byteLength + this.lengths.byteLength;
  }

  /** Bytes written to the file. */
  get fileBytes(): number {
    return this.file.size;
  }

  /** Records slot's document (appended; written with the next flush or read). */
  put(slot: number, json: string): void {
    if (this.file.isClosed) return;
    if (slot >= this.offsets.length) this.grow(Math.max(slot + 1, this.offsets.length * 2));
    const bytes = Buffer.from(json);
    this.offsets[slot] = this.file.append(bytes);
    this.lengths[slot] = bytes.length;
  }

  /** The slot's document, or undefined when none was recorded (or the file is closed). */
  get(slot: number): Buffer | undefined {
    const length = this.lengths[slot] ?? 0;
    // Never empty when recorded: the text is at least `{}`.
    if (length === 0) return undefined;
    return this.file.read(this.offsets[slot] ?? 0, length);
  }

  /** Writes what was put since the last flush. */
  flush(): void {
    this.file.flush();
  }

  /** Drops the growth slack after a load. */
  trim(size: number): void {
    this.flush();
    if (size < this.offsets.length) this.grow(size);
  }

  /** Closes and deletes the file. */
  close(): void {
    this.file.close();
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
