import { useEffect } from 'react';
import {
  commandRegistry,
  findHotkeyConflicts,
  type Command,
  type CommandContext,
} from '@/app/commands/registry';
import { hiddenFromPalette, screenCommandFactory } from '@/app/commands/screen-commands';
import { matchRoute } from '@/app/routes';
import { openNewActivity } from '../new-activity/new-activity-store';
import { openSuggestions } from '../suggestions/suggestions-store';
import {
  activityIndexStore,
  goToActivityPage,
  moveActivitySelection,
  openSelectedActivity,
  sortActivitiesBy,
} from './activity-index-store';

/**
 * The hotkey scope of the disease activity index (keys may repeat across scopes): its commands
 * apply on /activity only (`when`).
 */
export const activityIndexScope = 'activityIndex';

const group = 'Disease Activity Index';
const onActivityIndex = ({ pathname }: CommandContext) =>
  matchRoute(pathname).id === 'activityIndex';

/** The index's commands: move, open, page, search, create. */
export function activityIndexCommands(focusSearch: () => void): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'activityIndex',
    group,
    scope: activityIndexScope,
    when: onActivityIndex,
  });
  const hidden = hiddenFromPalette;
  return [
    command('next', 'Next activity', 'j', () => moveActivitySelection(1), { keywords: ['down'] }),
    command('previous', 'Previous activity', 'k', () => moveActivitySelection(-1), {
      keywords: ['up'],
    }),
    command('nextArrow', 'Next activity', 'arrowdown', () => moveActivitySelection(1), hidden),
    command(
      'previousArrow',
      'Previous activity',
      'arrowup',
      () => moveActivitySelection(-1),
      hidden,
    ),
    command('open', 'Open selected activity', 'o', openSelectedActivity),
    // The global key handler leaves Enter on a focused button or link to that control.
    command('openEnter', 'Open selected activity', 'enter', openSelectedActivity, hidden),
    command('nextPage', 'Next page', 'shift+n', () =>
      goToActivityPage(activityIndexStore.page + 1),
    ),
    command('previousPage', 'Previous page', 'shift+p', () =>
      goToActivityPage(activityIndexStore.page - 1),
    ),
    command('focusSearch', 'Search disease activities', 'slash', focusSearch, {
      keywords: ['find', 'query'],
    }),
    command('create', 'Create New Disease Activity', 'c', openNewActivity, {
      keywords: ['new', 'add', 'activity'],
      opensDialog: true,
    }),
    // Issue 19: the trend column's sort, from the keys (t again turns the order round).
    command(
      'sortGrowth',
      'Sort by growth of new cases (last 7 days against the 7 before)',
      't',
      () => sortActivitiesBy('growth'),
      { keywords: ['trend', 'growth', 'rising', 'sparkline', 'new cases'] },
    ),
    // The palette reaches the panel from anywhere through the app's 'Suggested actions'.
    command('suggestions', 'Suggested actions', 's', openSuggestions, hidden),
  ];
}

/** Registers the commands in the one registry while mounted. */
export function useActivityIndexCommands(focusSearch: () => void): void {
  useEffect(() => {
    const existing = commandRegistry.list();
    const ours = activityIndexCommands(focusSearch).filter(
      (candidate) => findHotkeyConflicts([...existing, candidate]).length === 0,
    );
    return commandRegistry.register(ours);
  }, [focusSearch]);
}
