import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { commandCatalogue } from '@/app/commands/command-catalogue';
import { findHotkeyConflicts } from '@/app/commands/registry';
import { hotkeySteps, hotkeyText } from '@/app/commands/hotkey-label';
import {
  commandIdsPath,
  commandIdsSource,
  keyboardDocPath,
  keyboardMarkdown,
} from '@/app/commands/keyboard-doc';

describe('docs/keyboard.md', () => {
  it('is what the command registry says (run `npm run docs:keyboard` when this fails)', () => {
    expect(readFileSync(keyboardDocPath, 'utf8')).toBe(keyboardMarkdown(commandCatalogue()));
  });

  it('types the command ids from the registry (run `npm run docs:keyboard` when this fails)', () => {
    expect(readFileSync(commandIdsPath, 'utf8')).toBe(commandIdsSource(commandCatalogue()));
    const source = commandIdsSource(commandCatalogue());
    expect(source).toContain("  'articleDetails.copyId',");
    expect(source).toContain("  'suggestions.next',");
  });

  it('shows keys as people read them', () => {
    const page = keyboardMarkdown(commandCatalogue());
    expect(page).toContain('| Next article | `J` or `↓` |');
    expect(page).toContain('| Validate | `Alt+V` (works in fields) |');
    expect(page).toContain('| Go to Disease Activity Index | `G then A` |');
    expect(page).toContain('| Show keyboard shortcuts | `?` |');
    // The article details screen's own keys, and the suggestions panel's (issue 32).
    expect(page).toContain('| Copy article ID | `C` |');
    expect(page).toContain('| Mark read | `M` |');
    expect(page).toContain('| Open source URL | `O` |');
    expect(page).toContain('| Next suggestion | `J` or `↓` |');
    // Issue 14: the page says what Enter does in a form.
    expect(page).toMatch(/Enter in a\s+field moves to the next field/);
    expect(page).toMatch(/Enter in the last field runs the primary action/);
    expect(hotkeyText('space', false)).toBe('Space');
    expect(hotkeySteps('shift+j', false)).toEqual([['Shift', 'J']]);
  });

  it('binds no key twice across every screen of the catalogue', () => {
    expect(findHotkeyConflicts(commandCatalogue())).toEqual([]);
  });
});
