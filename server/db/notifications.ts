import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './db';

/**
 * LISTEN on a channel of the database behind a Db: `onNotify` for each NOTIFY delivered,
 * `onConnected` each time the listening connection is (re)established (a follower catches up
 * then: notifications sent while it was down are lost). Resolves with the stop function.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onConnected: () => void,
) => Promise<() => Promise<void>>;

const listens = new WeakMap<Db, Listen>();

/** Called by openDatabase: how to listen on this database. */
export function registerListen(db: Db, listen: Listen): void {
  listens.set(db, listen);
}

/** How to listen on db's database, if it was opened by openDatabase. */
export function listenOf(db: Db): Listen | undefined {
  return listens.get(db);
}

/** PGlite: one in-process connection, so its own NOTIFYs are all there is to hear. */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, onNotify, onConnected) => {
    const stop = await client.listen(channel, onNotify);
    onConnected();
    return async () => {
      if (!client.closed) await stop();
    };
  };
}

/** After a lost connection, wait this long before the next attempt (doubling up to 5 s). */
const firstRetryMs = 100;
const lastRetryMs = 5_000;

/**
 * PostgreSQL: a dedicated connection outside the pool (a pooled one would be handed to other
 * queries), re-opened with back-off whenever it drops (a failover, a restart of PostgreSQL, an
 * administrator ending it).
 */
export function postgresListen(connectionString: string): Listen {
  return (channel, onNotify, onConnected) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retryMs = firstRetryMs;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      if (stopped) return;
      const c = new pg.Client({ connectionString });
      client = c;
      c.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      const retry = () => {
        if (stopped || client !== c) return;
        client = undefined;
        c.removeAllListeners('error');
        c.on('error', () => {});
        void c.end().catch(() => {});
        timer = setTimeout(() => void connect(), retryMs);
        timer.unref();
        retryMs = Math.min(retryMs * 2, lastRetryMs);
      };
      c.on('error', retry);
      c.on('end', retry);
      try {
        await c.connect();
        await c.query(`listen ${pg.escapeIdentifier(channel)}`);
        retryMs = firstRetryMs;
        onConnected();
      } catch {
        retry();
      }
    };
    return connect().then(() => async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    });
  };
}
