import { proxy } from 'valtio';

/** Which command surfaces are open (valtio store: read snapshots, mutate through the actions). */
export const commandUiStore = proxy({
  paletteOpen: false,
  shortcutSheetOpen: false,
  goToActivityOpen: false,
});

/** Opens or closes the command palette. */
export function setPaletteOpen(open: boolean): void {
  commandUiStore.paletteOpen = open;
  if (open) commandUiStore.shortcutSheetOpen = false;
}

/** Opens or closes the keyboard shortcut sheet. */
export function setShortcutSheetOpen(open: boolean): void {
  commandUiStore.shortcutSheetOpen = open;
  if (open) commandUiStore.paletteOpen = false;
}

/** Opens or closes the palette's 'Go to activity…' finder. */
export function setGoToActivityOpen(open: boolean): void {
  commandUiStore.goToActivityOpen = open;
  if (open) {
    commandUiStore.paletteOpen = false;
    commandUiStore.shortcutSheetOpen = false;
  }
}
