import type { FieldDefinition } from '../index-definition';
import type { Store } from './store';

/**
 * Documents of recently answered pages, kept as their JSON text per slot and `$select`: a slot's
 * document never changes (a write appends a new slot), so a page seen before is answered without
 * the table and without serialising again. Bounded by characters; least recently used go first.
 */
export class DocumentCache {
  private readonly texts = new Map<string, string>();
  private characters = 0;
  private store: Store | undefined;

  constructor(private readonly limit: number) {}

  /** The cache key of a slot's document under a $select. */
  static keyOf(select: readonly FieldDefinition[], slot: number): string {
    return `${select.map((f) => f.name).join(',')} ${slot}`;
  }

  /** The kept JSON text, or undefined; a new copy of the index (store) empties the cache. */
  get(store: Store, key: string): string | undefined {
    if (store !== this.store) {
      this.texts.clear();
      this.characters = 0;
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
    this.characters = 0;
  }

  set(store: Store, key: string, text: string): void {
    if (store !== this.store || text.length > this.limit / 16) return;
    const old = this.texts.get(key);
    if (old !== undefined) this.characters -= old.length;
    this.texts.delete(key);
    this.texts.set(key, text);
    this.characters += text.length;
    for (const [oldest, value] of this.texts) {
      if (this.characters <= this.limit) break;
      this.texts.delete(oldest);
      this.characters -= value.length;
    }
  }
}
