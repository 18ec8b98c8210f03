import type { Db } from '../../db/client';
import { ChangeFollower, type IndexChange } from '../change-log/follower';

export type { IndexChange };

type Listener = (index: string, change: IndexChange) => Promise<void>;

interface Following {
  readonly listeners: Set<Listener>;
  readonly follower: ChangeFollower;
}

const following = new WeakMap<Db, Following>();

/**
 * Subscribes to writes on db's search tables, by any server: the change log (migration 0014) is
 * followed while anyone listens. Returns the unsubscribe.
 */
export function onIndexChanged(
  db: Db,
  listener: Listener,
  log?: (message: string) => void,
): () => void {
  let entry = following.get(db);
  if (entry === undefined) {
    const listeners = new Set<Listener>();
    const follower = new ChangeFollower(
      db,
      async (index, change) => {
        await Promise.all([...listeners].map((l) => l(index, change)));
      },
      log,
    );
    following.set(db, (entry = { listeners, follower }));
  }
  const { listeners, follower } = entry;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && following.get(db)?.follower === follower) {
      following.delete(db);
      void follower.stop();
    }
  };
}

/** Resolves when db's follower knows where it starts: a full load must begin after that. */
export function followingStarted(db: Db): Promise<void> {
  return following.get(db)?.follower.started ?? Promise.resolve();
}

/**
 * Called by the writers (indexer, docs/index) after their write committed; resolves when every
 * in-process copy has applied the log up to it, so a search right after on this server sees
 * the write (other servers hear of it through NOTIFY).
 */
export async function indexWritten(db: Db): Promise<void> {
  await following.get(db)?.follower.catchUp();
}

/** This process's follower of db's change log, if any copy follows it. */
export function followerOf(db: Db): ChangeFollower | undefined {
  return following.get(db)?.follower;
}
