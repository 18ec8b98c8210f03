import type { KeyboardEvent } from 'react';

/** The fields of a form, in reading order (what Tab would visit). */
export const formFieldSelector = [
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[contenteditable="true"]',
  '[role="combobox"]',
].join(',');

/** A field Enter passes over (a second way to type the same value, e.g. a native date picker). */
export const enterSkipAttribute = 'data-enter-skip';

const isShown = (element: HTMLElement) => element.getClientRects().length > 0;

/** A radio group is one stop, as for Tab: its checked radio, else its first. */
function isStop(field: HTMLElement, all: readonly HTMLElement[]): boolean {
  if (!(field instanceof HTMLInputElement) || field.type !== 'radio' || field.name === '') {
    return true;
  }
  const group = all.filter(
    (other) =>
      other instanceof HTMLInputElement && other.type === 'radio' && other.name === field.name,
  );
  const checked = group.find((r) => r instanceof HTMLInputElement && r.checked);
  return (checked ?? group[0]) === field;
}

const sameStop = (a: HTMLElement, b: HTMLElement) =>
  a === b ||
  (a instanceof HTMLInputElement &&
    b instanceof HTMLInputElement &&
    a.type === 'radio' &&
    b.type === 'radio' &&
    a.name !== '' &&
    a.name === b.name);

/** Moves from a field to the next stop of the form, or runs the primary action after the last. */
function moveOn(target: HTMLElement, form: HTMLElement, primary: () => HTMLElement | null): void {
  const all = [...form.querySelectorAll<HTMLElement>(formFieldSelector)].filter(
    (field) => isShown(field) && field.tabIndex >= 0 && !field.hasAttribute(enterSkipAttribute),
  );
  const at = all.findIndex((field) => sameStop(field, target));
  if (at < 0) return;
  const next = all.slice(at + 1).find((field) => !sameStop(field, target) && isStop(field, all));
  if (next === undefined) {
    primary()?.click();
    return;
  }
  next.focus();
  if (next instanceof HTMLInputElement && next.type !== 'radio' && next.type !== 'checkbox') {
    next.select();
  }
}

/** The move the last Enter scheduled, until it is made (enterMovesOn). */
let pendingMove: {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly make: () => void;
} | null = null;

/**
 * Enter in a form field moves to the next field, and on the last field runs the primary action,
 * so a form is filled without Tab (the data-entry convention of the entries grid, grid-keys.ts).
 * Call it in the capture phase: it decides once the field has had the key, because a picker
 * stops Enter's propagation. Left alone: Enter with a modifier, in a text area or rich text, on
 * a button or link, in an open list with nothing active (the picker closes it), any Enter a
 * field handled itself (a search box's search) and one after which the field moved the focus.
 * A picker's Enter that chose an option does move on: the next key is the next field's.
 */
export function enterMovesOn(
  event: KeyboardEvent<HTMLElement>,
  form: HTMLElement | null,
  primary: () => HTMLElement | null,
): void {
  if (pendingMove !== null) {
    // A key before the last Enter's move was made (the browser runs input before timers: a fast
    // typist, a loaded machine) belongs to the next field: the move is made first, so nothing
    // typed lands in the field left behind and no Enter is lost.
    const { timer, make } = pendingMove;
    pendingMove = null;
    clearTimeout(timer);
    make();
    const next = document.activeElement;
    if (event.key === 'Enter' && next instanceof HTMLElement && next !== event.target) {
      // This Enter is the next field's: kept from the field left behind, given to the next.
      event.preventDefault();
      event.stopPropagation();
      next.dispatchEvent(
        new globalThis.KeyboardEvent('keydown', {
          key: 'Enter',
          code: 'Enter',
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          bubbles: true,
          cancelable: true,
        }),
      );
      return;
    }
  }
  if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.shiftKey || form === null || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !form.contains(target)) return;
  if (!target.matches(formFieldSelector)) return;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return;
  const combobox = target.getAttribute('role') === 'combobox';
  const listOpen = combobox && target.getAttribute('aria-expanded') === 'true';
  if (listOpen && !target.hasAttribute('aria-activedescendant')) return;
  const native = event.nativeEvent;
  const make = () => {
    if (native.defaultPrevented && !combobox) return;
    if (document.activeElement !== target) return;
    moveOn(target, form, primary);
  };
  const timer = setTimeout(() => {
    if (pendingMove?.make === make) pendingMove = null;
    make();
  }, 0);
  pendingMove = { timer, make };
}
