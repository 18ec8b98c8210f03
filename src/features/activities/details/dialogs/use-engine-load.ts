import { useEffect, useState } from 'react';

/** A dialog's data: loading, failed (the message) or there. */
export type Loaded<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly value: T };

/**
 * Loads a dialog's data through the engine while `enabled` (the dialog is open), again when
 * `key` changes or `reload` is called; an answer for an older key is dropped.
 */
export function useEngineLoad<T>(
  enabled: boolean,
  key: string,
  load: () => Promise<T>,
): { readonly loaded: Loaded<T>; readonly reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoaded({ status: 'loading' });
    load().then(
      (value) => live && setLoaded({ status: 'ready', value }),
      (error: unknown) =>
        live &&
        setLoaded({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` says when what it loads changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key, round]);
  return { loaded, reload: () => setRound((r) => r + 1) };
}
