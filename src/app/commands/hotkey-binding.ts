/**
 * How a registry hotkey ('j', 'shift+j', 'alt+v', 'mod+k', 'shift+?', 'slash', 'arrowdown',
 * 'enter', 'space', 'g>a') is handed to react-hotkeys-hook, and which of its matching modes reads
 * it (decision 0063):
 * - `sequence`: 'g>a', by the character typed (`useKey`), in the capture phase so a completed
 *   sequence wins over a screen's single key ('g n' is Settings, not the index's n);
 * - `typed`: a letter or digit, Shift or not, by the character typed (`useKey`): 'j' is the key
 *   labelled J on every layout;
 * - `symbol`: '?', '/', '[', ']' by the character typed whatever modifier the layout needs
 *   (`useKey` + `ignoreModifiers`: German '/' is Shift+7, French '?' is Shift+,);
 * - `physical`: named keys (Enter, Space, arrows, Escape) and chords with Alt, Ctrl or Cmd,
 *   by `event.code`: macOS turns Alt+V into '√'.
 */
export type KeyMatcher = 'sequence' | 'typed' | 'symbol' | 'physical';

/** One hotkey as react-hotkeys-hook reads it. */
export interface HotkeyBinding {
  readonly matcher: KeyMatcher;
  /** The library's form, lower case: 'g>a', 'shift+j', '?', '/', 'alt+v', 'arrowdown'. */
  readonly keys: string;
}

const chordModifiers = new Set(['alt', 'ctrl', 'control', 'meta', 'mod']);

/** A symbol (not a letter, digit or named key): Shift is part of typing it, not a modifier. */
export const isSymbolKey = (key: string) => key.length === 1 && !/[a-z0-9]/.test(key);

const named = (key: string) => (key === 'slash' ? '/' : key);

/** The binding of one registry hotkey. */
export function hotkeyBinding(hotkey: string): HotkeyBinding {
  const text = hotkey.trim().toLowerCase();
  if (text.includes('>')) {
    return {
      matcher: 'sequence',
      keys: text
        .split('>')
        .map((key) => named(key.trim()))
        .join('>'),
    };
  }
  const parts = text.split('+').map((part) => part.trim());
  const key = named(parts.find((part) => !chordModifiers.has(part) && part !== 'shift') ?? '');
  if (isSymbolKey(key)) return { matcher: 'symbol', keys: key };
  const chord = parts.some((part) => chordModifiers.has(part));
  if (chord || key.length > 1) return { matcher: 'physical', keys: text };
  return { matcher: 'typed', keys: text };
}
