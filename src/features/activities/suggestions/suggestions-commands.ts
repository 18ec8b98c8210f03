import { useEffect } from 'react';
import { commandRegistry, type Command } from '@/app/commands/registry';
import { screenCommandFactory } from '@/app/commands/screen-commands';
import { focusSelectedSuggestion } from './suggestion-focus';
import { moveSuggestion, suggestionsStore } from './suggestions-store';

/** The hotkey scope of the suggested actions panel (a dialog: its keys run while it is open). */
export const suggestionsScope = 'suggestions';

const panel = () => document.querySelector<HTMLElement>('[data-suggestions-panel]');

/** The panel is open and the focus is in it (not behind it, nor in a dialog over it). */
function focusInPanel(): boolean {
  const shown = panel();
  return suggestionsStore.open && shown !== null && shown.contains(document.activeElement);
}

/** The focus is on a suggestion of the list. */
const onSuggestion = () =>
  focusInPanel() && document.activeElement?.closest('[data-suggestion]') !== null;

/** j / k: the selection moves and the focus follows it once its row is painted. */
function move(step: 1 | -1): void {
  moveSuggestion(step);
  const shown = panel();
  if (shown !== null) focusSelectedSuggestion(shown);
}

/** Enter on a suggestion: its first action (Show articles), so a second Enter acts on it. */
function toActions(): void {
  panel()?.querySelector<HTMLButtonElement>('[data-suggestion-actions] button')?.focus();
}

/**
 * The panel's keys (issue 14: j/k/Enter like the index screens): j / k (and the arrows) move
 * through the list from anywhere in the panel but a field; Enter on a suggestion goes to its
 * first action. Dialog keys: they run while the panel is open, not from the palette.
 */
export function suggestionsCommands(): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'suggestions',
    group: 'Suggested actions',
    scope: suggestionsScope,
    when: focusInPanel,
  });
  const inPanel = { inDialog: true, inPalette: false } as const;
  return [
    command('next', 'Next suggestion', 'j', () => move(1), inPanel),
    command('previous', 'Previous suggestion', 'k', () => move(-1), inPanel),
    command('nextArrow', 'Next suggestion', 'arrowdown', () => move(1), inPanel),
    command('previousArrow', 'Previous suggestion', 'arrowup', () => move(-1), inPanel),
    command('actions', "Go to the selected suggestion's actions", 'enter', toActions, {
      ...inPanel,
      // The suggestion is a button: its Enter is this command, not its click.
      onFocusedControl: true,
      when: onSuggestion,
    }),
  ];
}

/** Registers the panel's keys while it is mounted. */
export function useSuggestionsCommands(): void {
  useEffect(() => commandRegistry.register(suggestionsCommands()), []);
}
