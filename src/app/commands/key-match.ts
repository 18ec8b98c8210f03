/**
 * Matching a keydown to a registry hotkey ('j', 'shift+j', 'alt+v', 'mod+k', 'shift+?', 'slash',
 * 'arrowdown', 'enter', 'space', or a sequence 'g>a'). Pure: no DOM beyond the event's fields.
 *
 * What a key means is read from `event.key` (the character the layout produced), so `/` and `?`
 * work on every layout (German `/` is Shift+7, French `?` is Shift+,). Only with Alt, Ctrl or Cmd
 * held is a letter read from `event.code`: macOS turns Alt+V into '√'.
 */

/** The fields of a KeyboardEvent the matcher reads. */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  /** AltGr held (getModifierState('AltGraph')): some layouts type '/' with it. */
  readonly altGraph?: boolean;
}

/** One step of a hotkey: a key name and the modifiers it needs. */
export interface KeyStep {
  readonly key: string;
  readonly alt: boolean;
  readonly ctrl: boolean;
  readonly meta: boolean;
  /** 'mod': Ctrl, or Cmd on macOS (either is accepted). */
  readonly mod: boolean;
  readonly shift: boolean;
}

const aliases: Readonly<Record<string, string>> = {
  slash: '/',
  esc: 'escape',
  return: 'enter',
  ' ': 'space',
  spacebar: 'space',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  control: 'ctrl',
};

const canonical = (key: string) => aliases[key] ?? key;

/** A symbol (not a letter, digit or named key): Shift is part of typing it, not a modifier. */
export const isSymbolKey = (key: string) => key.length === 1 && !/[a-z0-9]/.test(key);

const modifiers = new Set(['alt', 'ctrl', 'meta', 'mod', 'shift']);

/** Parses one step ('shift+j', '?', 'slash'). */
export function parseStep(text: string): KeyStep {
  // '+' alone is a key, not a separator.
  const parts = text.trim() === '+' ? ['+'] : text.trim().toLowerCase().split('+');
  const names = parts.map((part) => canonical(part.trim()));
  const key = names.find((name) => !modifiers.has(name)) ?? '';
  return {
    key,
    alt: names.includes('alt'),
    ctrl: names.includes('ctrl'),
    meta: names.includes('meta'),
    mod: names.includes('mod'),
    shift: names.includes('shift'),
  };
}

/** Parses a hotkey into its steps (one, or several for a sequence 'g>a'). */
export function parseHotkey(hotkey: string): KeyStep[] {
  return hotkey.split('>').map(parseStep);
}

/** The key name a press stands for: 'j', '?', 'enter', 'space', 'arrowdown'. */
export function pressedKey(press: KeyPress): string {
  const commanded = press.altKey || press.ctrlKey || press.metaKey;
  if (commanded && !press.altGraph) {
    const letter = /^Key([A-Z])$/.exec(press.code)?.[1] ?? /^Digit([0-9])$/.exec(press.code)?.[1];
    if (letter !== undefined) return letter.toLowerCase();
  }
  return canonical(press.key.length === 1 ? press.key.toLowerCase() : press.key.toLowerCase());
}

/** True for a modifier key on its own (Shift pressed before '?'), which never breaks a sequence. */
export const isModifierPress = (press: KeyPress) =>
  ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'OS', 'CapsLock'].includes(press.key);

/** True when the press is this step. */
export function stepMatches(step: KeyStep, press: KeyPress): boolean {
  const key = pressedKey(press);
  if (key !== step.key) return false;
  const symbol = isSymbolKey(step.key);
  // AltGr arrives as Ctrl+Alt on Windows: a symbol typed with it is still that symbol.
  const altGraphSymbol = symbol && press.altGraph === true;
  const ctrlOrMeta = press.ctrlKey || press.metaKey;
  if (step.mod) {
    if (!ctrlOrMeta) return false;
  } else if (!altGraphSymbol && (press.ctrlKey !== step.ctrl || press.metaKey !== step.meta)) {
    return false;
  }
  if (!altGraphSymbol && press.altKey !== step.alt) return false;
  return symbol || press.shiftKey === step.shift;
}
