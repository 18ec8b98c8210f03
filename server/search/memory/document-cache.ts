import type { FieldDefinition } from '../index-definition';
import type { Store } from './store';

/**
 * Documents of recently answered pages, kept as their JSON text's UTF-8 bytes per slot and
 * `$select`: a slot's document never changes (a write appends a new slot), so a page seen before
 * is answered without the table, without serialising and without encoding again. Bounded by
 * bytes; least recently used go first.
 */
export class DocumentCache {
  private readonly texts = new Map<string, Buffer>();
  private kept = 0;
  private store: Store | undefined;

  constructor(private readonly limit: number) {}

  /** The kept JSON's bytes. */
  get bytes(): number {
    return this.kept;
  }

  /**
   * A number per distinct $select: keys stay short (a Map hashes each new key string). Never
   * reused, so a key made before the map was emptied cannot name another list's text.
   */
  private readonly selects = new Map<string, number>();
  private nextSelect = 0;

  /** The cache keys of slots' documents under a $select. */
  keysOf(select: readonly FieldDefinition[], slots: Uint32Array): string[] {
    const names = select.map((f) => f.name).join(',');
    let id = this.selects.get(names);
    if (id === undefined) {
      // Bounded: past 256 distinct lists, the numbers of the old ones are forgotten.
      if (this.selects.size >= 256) this.selects.clear();
      this.selects.set(names, (id = this.nextSelect++));
    }
    return Array.from(slots, (slot) => `${id} ${slot}`);
  }

  /** The kept JSON bytes, or undefined; a new copy of the index (store) empties the cache. */
  get(store: Store, key: string): Buffer | undefined {
    if (store !== this.store) {
      this.texts.clear();
      this.kept = 0;
      this.store = store;
      return undefined;
    }
    const text = this.texts.get(key);
    if (text !== undefined) {
      this.texts.delete(key);
      this.texts.set(key, text);
    }
    return text;
  }

  clear(): void {
    this.texts.clear();
    this.kept = 0;
  }

  set(store: Store, key: string, text: Buffer): void {
    if (store !== this.store || text.length > this.limit / 16) return;
    const old = this.texts.get(key);
    if (old !== undefined) this.kept -= old.length;
    this.texts.delete(key);
    this.texts.set(key, text);
    this.kept += text.length;
    for (const [oldest, value] of this.texts) {
      if (this.kept <= this.limit) break;
      this.texts.delete(oldest);
      this.kept -= value.length;
    }
  }
}
