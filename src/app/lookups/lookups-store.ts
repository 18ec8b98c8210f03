import { proxy, ref, useSnapshot } from 'valtio';
import type { Lookups } from '@/domain/lookups';
import { getEngine } from '@/app/engine';

/** The lookups' loading state (spec 000 §3: loaded once). */
export type LookupsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly lookups: Lookups }
  | { readonly status: 'error'; readonly error: string };

/** Lookups store (valtio). The data is held by `ref`: it is read-only and never mutated. */
export const lookupsStore = proxy<{ state: LookupsState }>({ state: { status: 'idle' } });

/** Loads the lookups through the engine once; a failure is kept (and shown), not swallowed. */
export async function loadLookups(): Promise<void> {
  const current = lookupsStore.state.status;
  if (current === 'loading' || current === 'ready') return;
  lookupsStore.state = { status: 'loading' };
  try {
    const lookups = await getEngine().getLookups();
    lookupsStore.state = { status: 'ready', lookups: ref(lookups) };
  } catch (error) {
    lookupsStore.state = {
      status: 'error',
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Records that the lookups cannot load (e.g. the engine did not start). */
export function failLookups(error: string): void {
  lookupsStore.state = { status: 'error', error };
}

/** Forgets a failure and loads again. */
export function retryLookups(): Promise<void> {
  lookupsStore.state = { status: 'idle' };
  return loadLookups();
}

/** React hook: the lookups' state. */
export function useLookups(): LookupsState {
  return useSnapshot(lookupsStore).state as LookupsState;
}
