import type { KeyboardEvent } from 'react';
import { tableRowAttribute } from './row-keys';

/** The attribute every input of the entries grid carries, in reading order. */
export const gridCellAttribute = 'data-grid-cell';

/**
 * Keys of a grid cell. Enter moves to the next input of the grid and Shift+Enter to the previous
 * one, as Tab does (triage conventions: "Enter/Tab moves in a grid"), so a day's figures go in
 * without the mouse. Escape leaves the cell for its row, where j/k, Shift+J/K and the other
 * screen keys work again.
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Escape') {
    const row = event.currentTarget.closest<HTMLElement>(`[${tableRowAttribute}]`);
    if (row === null) return;
    event.preventDefault();
    row.focus({ preventScroll: true });
    return;
  }
  if (event.key !== 'Enter') return;
  if (moveFromCell(event.currentTarget, event.shiftKey ? -1 : 1)) event.preventDefault();
}

/**
 * Focuses the grid input `step` cells from `cell` (1 next, -1 previous); false when there is
 * none (the last cell keeps its Enter).
 */
export function moveFromCell(cell: HTMLElement, step: 1 | -1): boolean {
  const cells = [...document.querySelectorAll<HTMLElement>(`[${gridCellAttribute}]`)].filter(
    (candidate) => !(candidate instanceof HTMLInputElement && candidate.disabled),
  );
  const at = cells.indexOf(cell);
  if (at < 0) return false;
  const next = cells[at + step];
  if (next === undefined) return false;
  next.focus();
  if (next instanceof HTMLInputElement) next.select();
  return true;
}

/** A whole number as typed in a number cell: digits, and the thousands commas people type. */
const wholeNumberTyping = /^[0-9,]*$/;

/**
 * A number cell's keys: a character that is not a digit is not typed at all (a date typed into
 * New Deaths once became 120261124), then the grid's own keys.
 */
export function numberCellKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
  const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (printable && !/[0-9]/.test(event.key)) {
    event.preventDefault();
    return;
  }
  moveInGrid(event);
}

/** The text of a number cell after a change, or null when the change is refused (a pasted date). */
export const acceptedNumberText = (typed: string): string | null =>
  wholeNumberTyping.test(typed) ? typed.replace(/,/g, '') : null;
