import { useEffect } from 'react';
import { commandRegistry, type Command, type CommandContext } from '@/app/commands/registry';
import { hiddenFromPalette, screenCommandFactory } from '@/app/commands/screen-commands';
import { matchRoute } from '@/app/routes';
import {
  moveFeedSelection,
  pollFeedSource,
  requestDeleteFeedSource,
  selectedFeedSource,
  setFeedSourceEnabled,
} from './feed-sources-store';

const onFeedSources = ({ pathname }: CommandContext) => matchRoute(pathname).id === 'feedSources';

/** The selected row's element (its actions are the row's buttons). */
const selectedRow = () =>
  document.querySelector<HTMLElement>('[data-feed-row][aria-selected="true"]');

/** Enter: into the selected source's actions (Poll now first), as Enter opens an index row. */
function focusSelectedActions(): void {
  selectedRow()?.querySelector<HTMLElement>('button')?.focus();
}

const withSelected = (act: (id: number, enabled: boolean) => void) => () => {
  const source = selectedFeedSource();
  if (source !== undefined) act(source.id, source.enabled);
};

/** The feed sources screen's keys: j/k like the index screens, Enter, and each row action. */
export function feedSourcesCommands(): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'feedSources',
    group: 'Feed sources',
    scope: 'feedSources',
    when: onFeedSources,
  });
  return [
    command('next', 'Next source', 'j', () => moveFeedSelection(1), { keywords: ['down'] }),
    command('previous', 'Previous source', 'k', () => moveFeedSelection(-1), { keywords: ['up'] }),
    command('nextArrow', 'Next source', 'arrowdown', () => moveFeedSelection(1), hiddenFromPalette),
    command(
      'previousArrow',
      'Previous source',
      'arrowup',
      () => moveFeedSelection(-1),
      hiddenFromPalette,
    ),
    command('actions', "Go to the source's actions", 'enter', focusSelectedActions),
    command(
      'poll',
      'Poll the source now',
      'p',
      withSelected((id) => void pollFeedSource(id)),
    ),
    command(
      'toggle',
      'Enable / disable the source',
      'e',
      withSelected((id, enabled) => void setFeedSourceEnabled(id, !enabled)),
    ),
    command(
      'delete',
      'Delete the source',
      'shift+d',
      withSelected((id) => requestDeleteFeedSource(id)),
      { opensDialog: true },
    ),
  ];
}

/** Registers the commands while the screen is shown. */
export function useFeedSourcesCommands(): void {
  useEffect(() => commandRegistry.register(feedSourcesCommands()), []);
}
