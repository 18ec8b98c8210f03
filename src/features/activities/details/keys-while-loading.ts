import { useLayoutEffect } from 'react';
import { createKeyHolder } from '@/app/commands/key-hold';
import { detailsStore } from './details-state';

/**
 * How long keys wait for the activity before they are let go; a failed or slower call shows its
 * own state by then.
 */
const loadingHoldMs = 30_000;

/**
 * Holds the keys typed while an activity is first loading, its first table included (the
 * country's entries shown before the rest, issue 31), and replays them once the whole detail
 * is in: no command acts on part of the entries, and no key is lost. Installed before the
 * paint, so no key falls between the first table and the hold.
 */
export function useKeysHeldWhileLoading(loading: boolean): void {
  useLayoutEffect(() => {
    if (!loading) return;
    const holder = createKeyHolder();
    const detach = holder.install(window);
    // Not detached on cleanup: the held keys are replayed first, then the listener goes.
    void holder.holdUntil(() => detailsStore.status !== 'loading', loadingHoldMs).then(detach);
  }, [loading]);
}
