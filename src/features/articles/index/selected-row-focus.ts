import { useEffect } from 'react';
import { isKeyOwningControl } from '@/app/commands/focus-targets';

/**
 * Where the keyboard is on the article index: the selected row holds the focus (a roving
 * tabindex), so a screen reader reads it and Tab from the table starts from it. Focus follows
 * the selection only when it is already on a row or nowhere (body), never out of a field the
 * analyst is typing in.
 */

const rowSelector = (articleId: string) =>
  `[data-testid="article-row"][data-article-id="${CSS.escape(articleId)}"]`;

/** Frames to wait for virtuoso to paint a row (a screen just shown measures first). */
const maxFrames = 60;

/** Focuses the selected row once it is painted (virtualised rows appear a frame or two late). */
export function focusArticleRow(articleId: string, frames = maxFrames): void {
  const row = document.querySelector<HTMLElement>(rowSelector(articleId));
  if (row !== null) {
    row.focus({ preventScroll: true });
    if (document.activeElement === row) return;
  }
  if (frames > 0) requestAnimationFrame(() => focusArticleRow(articleId, frames - 1));
}

/** Free: on nothing, a container (the shell focuses <main> on a route change) or a row. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return active === null || !active.isConnected || !isKeyOwningControl(active);
}

/**
 * The selected row takes the focus when the table is shown with a selection (back from an
 * article's details) and whenever the selection moves while the focus is free.
 */
export function useSelectedRowFocus(selectedId: string | null): void {
  useEffect(() => {
    if (selectedId !== null && focusIsFree()) focusArticleRow(selectedId);
  }, [selectedId]);
}
