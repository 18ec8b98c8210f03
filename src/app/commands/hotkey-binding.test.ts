import { describe, expect, it } from 'vitest';
import { commandCatalogue } from './command-catalogue';
import { hotkeyBinding } from './hotkey-binding';

describe('registry hotkeys as react-hotkeys-hook reads them', () => {
  it('sends each kind of key to the matcher that reads it right', () => {
    expect(hotkeyBinding('g>a')).toEqual({ matcher: 'sequence', keys: 'g>a' });
    expect(hotkeyBinding('j')).toEqual({ matcher: 'typed', keys: 'j' });
    expect(hotkeyBinding('shift+J')).toEqual({ matcher: 'typed', keys: 'shift+j' });
    // Symbols by the character typed, whatever Shift or AltGr the layout needs for it.
    expect(hotkeyBinding('shift+?')).toEqual({ matcher: 'symbol', keys: '?' });
    expect(hotkeyBinding('slash')).toEqual({ matcher: 'symbol', keys: '/' });
    expect(hotkeyBinding(']')).toEqual({ matcher: 'symbol', keys: ']' });
    // Chords and named keys by the physical key (macOS types √ for Alt+V).
    expect(hotkeyBinding('alt+v')).toEqual({ matcher: 'physical', keys: 'alt+v' });
    expect(hotkeyBinding('mod+k')).toEqual({ matcher: 'physical', keys: 'mod+k' });
    expect(hotkeyBinding('space')).toEqual({ matcher: 'physical', keys: 'space' });
    expect(hotkeyBinding('arrowdown')).toEqual({ matcher: 'physical', keys: 'arrowdown' });
  });

  it('gives the library no key it would split (its list delimiter is a comma)', () => {
    for (const { id, hotkey } of commandCatalogue()) {
      if (hotkey === undefined) continue;
      const { keys } = hotkeyBinding(hotkey);
      expect(keys, id).not.toContain(',');
      expect(keys, id).not.toBe('');
      // The library refuses a sequence with a chord in it ('g>shift+a').
      if (keys.includes('>')) expect(keys, id).not.toContain('+');
    }
  });
});
