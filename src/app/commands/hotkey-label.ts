/**
 * How a hotkey is shown: 'mod+k' → [['Ctrl', 'K']] (['⌘', 'K'] on macOS), 'g>a' → [['G'], ['A']]
 * (press G, then A), 'shift+?' → [['?']] (the symbol already implies Shift).
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
    slash: '/',
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
