import { useEffect } from 'react';
import {
  commandRegistry,
  findHotkeyConflicts,
  type Command,
  type CommandContext,
} from '@/app/commands/registry';
import { navigate } from '@/app/router';
import { hiddenFromPalette, screenCommandFactory } from '@/app/commands/screen-commands';
import { matchRoute, routePatterns } from '@/app/routes';
import {
  articleIndexStore,
  collapseSelectedCluster,
  expandSelectedCluster,
  markReadAndNext,
  moveSelection,
  openSelectedArticle,
  requestMarkAllRead,
  toggleSelectedCluster,
  toggleSelectedRead,
} from './article-index-store';
import { canLinkAssociated, linkAssociatedArticles } from './link-associated';
import { toggleSelectedAssociated } from './suggested-mode';

/**
 * The hotkey scope of the article index (keys may repeat across scopes): its commands apply on
 * /article only (`when`) and are registered while the screen is mounted.
 */
export const articleIndexScope = 'articleIndex';

const group = 'Article Index';
const onArticleIndex = ({ pathname }: CommandContext) => matchRoute(pathname).id === 'articleIndex';
const inSuggestedMode = (context: CommandContext) =>
  onArticleIndex(context) && articleIndexStore.suggested !== null;

/** What the commands reach outside the store (the screen's own elements). */
export interface ArticleIndexCommandActions {
  readonly focusSearch: () => void;
  readonly toggleFilters: () => void;
}

/** The article index's commands (triage keys of the RSS-reader lineage). */
export function articleIndexCommands(actions: ArticleIndexCommandActions): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'articleIndex',
    group,
    scope: articleIndexScope,
    when: onArticleIndex,
  });
  const hidden = hiddenFromPalette;
  return [
    command('next', 'Next article', 'j', () => moveSelection(1), { keywords: ['down'] }),
    command('previous', 'Previous article', 'k', () => moveSelection(-1), { keywords: ['up'] }),
    command('nextArrow', 'Next article', 'arrowdown', () => moveSelection(1), hidden),
    command('previousArrow', 'Previous article', 'arrowup', () => moveSelection(-1), hidden),
    command('open', 'Open selected article', 'o', openSelectedArticle),
    // The global key handler leaves Enter on a focused button or link to that control.
    command('openEnter', 'Open selected article', 'enter', openSelectedArticle, hidden),
    command('toggleRead', 'Toggle read / unread', 'm', toggleSelectedRead, {
      keywords: ['mark', 'envelope'],
    }),
    command('readAndNext', 'Mark read and go to next unread', 'n', markReadAndNext, {
      keywords: ['next unread'],
    }),
    command('markAllRead', 'Mark all loaded articles read', 'shift+a', requestMarkAllRead),
    command('toggleCluster', 'Expand / collapse cluster', 'x', toggleSelectedCluster, {
      keywords: ['children', 'group'],
    }),
    command('expandCluster', 'Expand cluster', 'arrowright', expandSelectedCluster, hidden),
    command('collapseCluster', 'Collapse cluster', 'arrowleft', collapseSelectedCluster, hidden),
    command('focusSearch', 'Search articles', 'slash', actions.focusSearch, {
      keywords: ['find', 'query'],
    }),
    command('toggleFilters', 'Show / hide filters', 'f', () => actions.toggleFilters(), {
      keywords: ['filter panel'],
    }),
    command(
      'associate',
      'Associate / unassociate (suggested mode)',
      'l',
      toggleSelectedAssociated,
      {
        keywords: ['link', 'suggestion', 'supporting'],
        when: inSuggestedMode,
      },
    ),
    command(
      'linkAssociated',
      'Link associated articles to the suggested activity',
      'shift+l',
      () => void linkAssociatedArticles(),
      {
        keywords: ['associate', 'suggestion', 'link', 'commit'],
        when: (context) => inSuggestedMode(context) && canLinkAssociated(),
      },
    ),
    {
      id: 'articleIndex.leaveSuggested',
      title: 'Leave suggested mode (show all articles)',
      group,
      keywords: ['suggestion', 'all articles'],
      when: inSuggestedMode,
      run: () => navigate(routePatterns.articleIndex),
    },
  ];
}

/**
 * Registers the commands in the one registry while mounted (their scope is always on). 'Add an
 * article' (key a) is the add-article host's command, mounted by this screen: not bound twice.
 * A command whose key another feature already binds is left out rather than crash the screen.
 */
export function useArticleIndexCommands(actions: ArticleIndexCommandActions): void {
  const { focusSearch, toggleFilters } = actions;
  useEffect(() => {
    const existing = commandRegistry.list();
    const ours = articleIndexCommands({ focusSearch, toggleFilters }).filter(
      (candidate) => findHotkeyConflicts([...existing, candidate]).length === 0,
    );
    return commandRegistry.register(ours);
  }, [focusSearch, toggleFilters]);
}
