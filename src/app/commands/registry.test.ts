import { describe, expect, it } from 'vitest';
import { appCommands } from './app-commands';
import {
  createCommandRegistry,
  findCommand,
  findHotkeyConflicts,
  hotkeyVariants,
  type Command,
} from './registry';
import { hotkeySteps } from './hotkey-label';

const command = (id: string, hotkey: string, scope?: string): Command => ({
  id,
  title: id,
  group: 'Test',
  hotkey,
  ...(scope === undefined ? {} : { scope }),
  run: () => undefined,
});

describe('command registry', () => {
  it('binds no hotkey twice in the same scope across every command of the app', () => {
    expect(findHotkeyConflicts(appCommands)).toEqual([]);
  });

  it('gives every command a unique id', () => {
    const ids = appCommands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds two commands sharing a hotkey in the same scope', () => {
    expect(findHotkeyConflicts([command('a', 'j', 'list'), command('b', 'J', 'list')])).toEqual([
      { hotkey: 'J', first: 'a', second: 'b' },
    ]);
  });

  it('allows the same hotkey in two different feature scopes', () => {
    expect(
      findHotkeyConflicts([command('a', 'j', 'articles'), command('b', 'j', 'activities')]),
    ).toEqual([]);
  });

  it('treats a global hotkey as clashing with every scope', () => {
    expect(
      findHotkeyConflicts([command('a', 'mod+k'), command('b', 'ctrl+k', 'articles')]),
    ).toHaveLength(1);
  });

  it('normalises modifier order and treats a bare key as swallowing a sequence', () => {
    expect(hotkeyVariants('shift+ctrl+s')).toEqual(['ctrl+shift+s']);
    expect(findHotkeyConflicts([command('a', 'g'), command('b', 'g>a')])).toHaveLength(1);
    expect(findHotkeyConflicts([command('a', 'g>a'), command('b', 'g>r')])).toEqual([]);
  });

  it('refuses to register a hotkey bound twice', () => {
    const registry = createCommandRegistry();
    registry.register([command('a', 'shift+?')]);
    expect(() => registry.register([command('b', 'shift+?')])).toThrow(/bound twice/);
    expect(registry.list().map((c) => c.id)).toEqual(['a']);
  });

  it('removes commands when unregistered', () => {
    const registry = createCommandRegistry();
    const unregister = registry.register([command('a', 'x', 'list')]);
    unregister();
    expect(registry.list()).toEqual([]);
    registry.register([command('b', 'x', 'list')]);
  });

  it('finds a command by an id typed from the catalogue', () => {
    expect(findCommand(appCommands, 'help.palette')?.hotkey).toBe('mod+k');
    // @ts-expect-error: no command has this id, so it does not compile (npm run test:types).
    expect(findCommand(appCommands, 'help.noSuchCommand')).toBeUndefined();
  });

  it('labels hotkeys for people', () => {
    expect(hotkeySteps('mod+k', false)).toEqual([['Ctrl', 'K']]);
    expect(hotkeySteps('mod+k', true)).toEqual([['⌘', 'K']]);
    expect(hotkeySteps('g>a', false)).toEqual([['G'], ['A']]);
    expect(hotkeySteps('shift+?', false)).toEqual([['?']]);
  });
});
