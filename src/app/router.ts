import { useSyncExternalStore } from 'react';

/**
 * A tiny history router: `history.pushState` plus `popstate`, read through
 * `useSyncExternalStore`. No router library is in the design card, and IST has six routes.
 */

/** The current location, as React reads it. */
export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** `history.state` of the entry (e.g. `{ local: true }` for an in-app sign-out). */
  readonly state: unknown;
}

/** Options of {@link navigate}. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  readonly replace?: boolean;
  /** Stored as `history.state` of the new entry. */
  readonly state?: unknown;
}

const listeners = new Set<() => void>();
let snapshot: AppLocation | null = null;

function readLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state as unknown };
}

function notify(): void {
  snapshot = readLocation();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The current location (stable object between changes). */
export function getLocation(): AppLocation {
  snapshot ??= readLocation();
  return snapshot;
}

/** Navigates inside the app (same origin). `to` is a path with optional query and hash. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const method = options.replace ? 'replaceState' : 'pushState';
  window.history[method](options.state ?? null, '', to);
  if (!options.replace) window.scrollTo(0, 0);
  notify();
}

/** React hook: the current location; re-renders on navigation and on back/forward. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, getLocation);
}

/**
 * True when a click on a link should be left to the browser (new tab, download, modified
 * click), false when the router should handle it.
 */
export function isBrowserHandledClick(event: {
  readonly button: number;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly defaultPrevented: boolean;
}): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}
