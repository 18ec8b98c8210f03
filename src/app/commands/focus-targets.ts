/**
 * What the focused element does with a key, so the global key handler leaves it alone: text
 * fields keep every printable key, and any control keeps Enter and Space (a focused button's
 * Enter is its click, a checkbox's Space its toggle).
 */

const textInputTypes = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
]);

const textRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

const controlRoles = new Set([
  ...textRoles,
  'button',
  'link',
  'checkbox',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'treeitem',
  'slider',
]);

const asElement = (target: EventTarget | null): HTMLElement | null =>
  target instanceof HTMLElement ? target : null;

/** True when keys typed here are text (inputs, text areas, selects, rich text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (element === null) return false;
  if (element instanceof HTMLInputElement) return textInputTypes.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element.isContentEditable) return true;
  return textRoles.has(element.getAttribute('role') ?? '');
}

/** True when Enter and Space belong to the element itself (buttons, links, fields, tabs…). */
export function isKeyOwningControl(target: EventTarget | null): boolean {
  const element = asElement(target);
  if (element === null) return false;
  if (isTypingTarget(element)) return true;
  if (
    element instanceof HTMLButtonElement ||
    element instanceof HTMLInputElement ||
    element.tagName === 'SUMMARY' ||
    (element instanceof HTMLAnchorElement && element.hasAttribute('href'))
  ) {
    return true;
  }
  return controlRoles.has(element.getAttribute('role') ?? '');
}
