import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';

/**
 * How many dialogs are open. Global single-key hotkeys pause while any is, so 'g a' typed in
 * a dialog does not navigate away behind it.
 */
export const overlayStore = proxy({ open: 0 });

/** Counts a dialog as open while `open` is true. */
export function useOverlayRegistration(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    overlayStore.open += 1;
    return () => {
      overlayStore.open -= 1;
    };
  }, [open]);
}

/** React hook: true while any dialog is open. */
export function useAnyOverlayOpen(): boolean {
  return useSnapshot(overlayStore).open > 0;
}
