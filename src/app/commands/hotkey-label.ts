import { groupCommands } from '@/app/commands/group-commands';
import type { Command } from '@/app/commands/registry';

/**
 * How a hotkey is shown, as people read keys: 'mod+k' → [['Ctrl', 'K']] (['⌘', 'K'] on macOS),
 * 'g>a' → [['G'], ['A']] (press G, then A), 'shift+?' → [['?']] (the symbol already implies
 * Shift), 'arrowdown' → [['↓']], 'space' → [['Space']], 'alt+v' → [['Alt', 'V']].
 */
export function hotkeySteps(hotkey: string, isMac: boolean): string[][] {
  const names: Readonly<Record<string, string>> = {
    mod: isMac ? '⌘' : 'Ctrl',
    ctrl: 'Ctrl',
    control: 'Ctrl',
    meta: isMac ? '⌘' : 'Meta',
    alt: isMac ? '⌥' : 'Alt',
    shift: 'Shift',
    escape: 'Esc',
    enter: 'Enter',
    space: 'Space',
    slash: '/',
    arrowdown: '↓',
    arrowup: '↑',
    arrowleft: '←',
    arrowright: '→',
  };
  const label = (key: string) => names[key] ?? key.toUpperCase();
  const trimmed = hotkey.trim().toLowerCase();
  if (trimmed.includes('>')) return trimmed.split('>').map((key) => [label(key.trim())]);
  const parts = trimmed.split('+').map((part) => part.trim());
  const key = parts[parts.length - 1] ?? '';
  const impliesShift = key.length === 1 && !/[a-z0-9]/.test(key);
  return [parts.filter((part) => !(impliesShift && part === 'shift')).map(label)];
}

/** True on macOS, where 'mod' is Cmd. */
export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /mac/i.test(navigator.userAgent);
}

/** A hotkey as one line of text: 'G then A', 'Alt+V', '↓'. */
export function hotkeyText(hotkey: string, isMac: boolean): string {
  return hotkeySteps(hotkey, isMac)
    .map((keys) => keys.join('+'))
    .join(' then ');
}

/** One line of the shortcut sheet: a title and every hotkey that does it ('J' or '↓'). */
export interface ShortcutRow {
  readonly title: string;
  readonly hotkeys: readonly string[];
}

/** The sheet's rows by group: commands with a hotkey, one row per title (twins merged). */
export function shortcutRows(commands: readonly Command[]): [string, ShortcutRow[]][] {
  const withHotkeys = commands.filter((command) => command.hotkey !== undefined);
  return groupCommands(withHotkeys).map(([group, list]) => {
    const rows = new Map<string, string[]>();
    for (const command of list) {
      const hotkeys = rows.get(command.title) ?? [];
      if (command.hotkey !== undefined && !hotkeys.includes(command.hotkey)) {
        hotkeys.push(command.hotkey);
      }
      rows.set(command.title, hotkeys);
    }
    return [group, [...rows].map(([title, hotkeys]) => ({ title, hotkeys }))];
  });
}
