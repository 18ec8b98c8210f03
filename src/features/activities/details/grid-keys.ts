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
