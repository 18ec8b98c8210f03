import type { KeyboardEvent } from 'react';

/** The attribute every input of the entries grid carries, in reading order. */
export const gridCellAttribute = 'data-grid-cell';

/**
 * Enter moves to the next input of the grid and Shift+Enter to the previous one, as Tab does
 * (triage conventions: "Enter/Tab moves in a grid"), so a day's figures go in without the mouse.
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey) return;
  const cells = [...document.querySelectorAll<HTMLElement>(`[${gridCellAttribute}]`)].filter(
    (cell) => !(cell instanceof HTMLInputElement && cell.disabled),
  );
  const at = cells.indexOf(event.currentTarget);
  if (at < 0) return;
  const next = cells[at + (event.shiftKey ? -1 : 1)];
  if (next === undefined) return;
  event.preventDefault();
  next.focus();
  if (next instanceof HTMLInputElement) next.select();
}
