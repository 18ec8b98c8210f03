import { suggestionsStore } from './suggestions-store';

/** Frames to wait for virtuoso to paint the selected row (scrolled to, it mounts a frame late). */
const maxFrames = 30;

/**
 * Focuses the selected suggestion's row in `container` once it is painted (the list is
 * virtualised: a row scrolled to mounts a frame or two later). The row is found by its id, never
 * by aria-current: a row still marked from before the move would take the selection back when
 * focused (selection follows focus).
 */
export function focusSelectedSuggestion(container: ParentNode, frames = maxFrames): void {
  requestAnimationFrame(() => {
    const id = suggestionsStore.selectedId ?? suggestionsStore.items[0]?.id ?? null;
    const row =
      id === null
        ? null
        : container.querySelector<HTMLButtonElement>(`[data-suggestion-id="${String(id)}"]`);
    if (row !== null) row.focus();
    else if (frames > 0) focusSelectedSuggestion(container, frames - 1);
  });
}
