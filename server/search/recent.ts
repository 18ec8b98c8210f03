/**
 * A bounded map of recently used values: `get` makes and keeps the value when missing, and the
 * least recently used goes first once there are more than `limit`. For values that depend on
 * their key alone (parsed request texts), never for answers that depend on the documents.
 */
export class Recent<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The kept value of key, or make()'s (kept unless it throws). */
  get(key: string, make: () => T): T {
    const found = this.values.get(key);
    if (found !== undefined) {
      this.values.delete(key);
      this.values.set(key, found);
      return found;
    }
    const value = make();
    this.values.set(key, value);
    if (this.values.size > this.limit) {
      const oldest = this.values.keys().next();
      if (oldest.done !== true) this.values.delete(oldest.value);
    }
    return value;
  }

  get size(): number {
    return this.values.size;
  }

  clear(): void {
    this.values.clear();
  }
}
