import type { Db } from '../../db/client';

/** The keys of an index whose documents were written (upserted or deleted), or 'all'. */
export type IndexChange = readonly string[] | 'all';

type Listener = (index: string, change: IndexChange) => Promise<void>;

const listeners = new WeakMap<Db, Set<Listener>>();

/** Subscribes to writes on db's search tables; returns the unsubscribe. */
export function onIndexChanged(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (set === undefined) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Called by the writers (indexer, docs/index) after their write committed; resolves when every
 * in-process copy (the memory engine) has caught up, so a search right after sees the write.
 */
export async function notifyIndexChanged(
  db: Db,
  index: string,
  change: IndexChange,
): Promise<void> {
  const set = listeners.get(db);
  if (set === undefined || set.size === 0) return;
  if (change !== 'all' && change.length === 0) return;
  await Promise.all([...set].map((listener) => listener(index, change)));
}
