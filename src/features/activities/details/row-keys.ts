import type { FocusEvent } from 'react';
import { detailsStore, toggleDailyTotal } from './details-store';

/** The attribute every keyboard-reachable row of a location's table carries (typed and committed). */
export const tableRowAttribute = 'data-table-row';

/** The focus ring of a row: always drawn, since rows are only focused from the keyboard. */
export const rowFocusRing =
  'focus:outline focus:outline-2 focus:-outline-offset-2 focus:outline-accent-600';

/** The audit history of each committed row, so `h` reaches it from the row or any of its buttons. */
const rowHistory = new WeakMap<Element, () => void>();

/** A ref callback that ties a committed row's element to its history dialog. */
export const withHistory = (open: () => void) => (row: HTMLTableRowElement | null) => {
  if (row !== null) rowHistory.set(row, open);
};

let lastRow: HTMLElement | null = null;

/** Remembers the row focus was last in, so the palette (which takes the focus) acts on it. */
export function rememberRow(event: FocusEvent<HTMLElement>): void {
  lastRow = event.currentTarget;
}

/** The row holding the focus, else the row it was last in (still on screen). */
function currentRow(): HTMLElement | null {
  const focused = document.activeElement?.closest<HTMLElement>(`[${tableRowAttribute}]`) ?? null;
  return focused ?? (lastRow?.isConnected ? lastRow : null);
}

/** True when a row itself (not one of its controls) has the focus: arrows and Enter act then. */
export const rowHasFocus = () =>
  document.activeElement instanceof HTMLElement &&
  document.activeElement.hasAttribute(tableRowAttribute);

/**
 * The virtualised tables (a place's whole history), by location. Their rows are mounted only
 * near the view, so a move past the mounted ones goes through the table: `focusRow` scrolls to
 * the row of an item index (the next row from it in the step's direction) and focuses it once
 * shown; `focusLastRow` does so for Shift+K from outside the rows.
 */
export interface VirtualTable {
  readonly focusRow: (from: number, step: 1 | -1) => void;
  readonly focusLastRow: () => void;
}

export const virtualTables = new Map<number, VirtualTable>();

/**
 * A row a virtual table was asked to focus and has not shown yet: the next Shift+J/K counts from
 * it, not from the row still focused, so keys pressed faster than the table renders are not lost.
 */
let pendingVirtualRow: { readonly locationId: number; readonly index: number } | null = null;

export function setPendingVirtualRow(locationId: number, index: number): void {
  pendingVirtualRow = { locationId, index };
}

/** Whether `index` is still the row last asked of that table (no later request replaced it). */
export const isPendingVirtualRow = (locationId: number, index: number) =>
  pendingVirtualRow?.locationId === locationId && pendingVirtualRow.index === index;

/** The row asked for is shown (or never will be); a later request still pending stays. */
export function clearPendingVirtualRow(locationId: number, index?: number): void {
  const p = pendingVirtualRow;
  if (p?.locationId === locationId && (index === undefined || p.index === index))
    pendingVirtualRow = null;
}

/** Shift+J/Shift+K: the next or previous row of the selected location's table, focused. */
export function moveRow(step: 1 | -1): void {
  const id = detailsStore.selectedLocationId;
  const section = document.querySelector<HTMLElement>(
    id === null ? '[data-testid="location-table"]' : `[data-location-id="${id}"]`,
  );
  if (section === null) return;
  const rows = [...section.querySelectorAll<HTMLElement>(`[${tableRowAttribute}]`)];
  const at = rows.findIndex((row) => row.contains(document.activeElement));
  const locationId = Number(section.dataset['locationId']);
  const virtual = virtualTables.get(locationId);
  if (virtual !== undefined) {
    const pending = pendingVirtualRow?.locationId === locationId ? pendingVirtualRow : null;
    if (pending !== null) return virtual.focusRow(pending.index, step);
    if (at < 0 && step < 0) return virtual.focusLastRow();
    const beyond = at >= 0 && (at + step < 0 || at + step >= rows.length);
    const index = Number(rows[at]?.dataset['index']);
    // The next row is not mounted yet: the table scrolls to it.
    if (beyond && Number.isInteger(index)) return virtual.focusRow(index, step);
  }
  const next =
    at < 0
      ? step > 0
        ? rows[0]
        : rows.at(-1)
      : rows[Math.min(rows.length - 1, Math.max(0, at + step))];
  next?.focus({ preventScroll: true });
  next?.scrollIntoView({ block: 'nearest' });
}

/** The Daily Total under the focus: expands or collapses its user entries. */
export function toggleCurrentTotal(): void {
  const row = currentRow();
  const id = row?.dataset['dailyTotal'];
  if (row === null || id === undefined) return;
  toggleDailyTotal(Number(id));
  row.focus({ preventScroll: true });
}

/** Whether the row under the focus is a Daily Total with user entries to show. */
export const currentRowIsTotal = () => currentRow()?.dataset['dailyTotal'] !== undefined;

/** The audit history of the committed row under the focus. */
export function openCurrentRowHistory(): void {
  const row = currentRow();
  if (row !== null) rowHistory.get(row)?.();
}

/** Whether the row under the focus is a committed one (it has a history). */
export const currentRowHasHistory = () => {
  const row = currentRow();
  return row !== null && rowHistory.has(row);
};
