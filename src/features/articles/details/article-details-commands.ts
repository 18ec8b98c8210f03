import type { Command, CommandContext } from '@/app/commands/registry';
import { externalHref } from '@/domain/external-link';
import { screenCommandFactory } from '@/app/commands/screen-commands';
import { getLocation } from '@/app/router';
import { matchRoute } from '@/app/routes';
import {
  backToArticleList,
  isInArticleList,
  openNeighbourArticle,
} from '../index/article-list-travel';

/** The hotkey scope of the details screen: always active (src/app/app.tsx), guarded by `when`. */
export const articleDetailsScope = 'articleDetails';

/** The article the details screen shows, from the path; null elsewhere. */
function shownArticleId({ pathname }: CommandContext): string | null {
  const route = matchRoute(pathname);
  return route.id === 'articleDetails' ? route.params.articleIdParam : null;
}

export const onArticleDetails = (context: CommandContext) => shownArticleId(context) !== null;

/** The shown article is a row of the list the analyst came from. */
const cameFromList = (context: CommandContext) => {
  const id = shownArticleId(context);
  return id !== null && isInArticleList(id);
};

const travel = (step: 1 | -1) => () => {
  const id = shownArticleId({ pathname: getLocation().pathname });
  if (id !== null) void openNeighbourArticle(id, step);
};

/**
 * The details screen's list keys (issue 14): j/k (or ]/[) open the next/previous article of
 * the list the analyst came from, Escape or u go back to it with the selection kept.
 */
export function articleDetailsListCommands(): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'articleDetails',
    group: 'Article',
    scope: articleDetailsScope,
    when: onArticleDetails,
  });
  const inList = { when: cameFromList } as const;
  const next = travel(1);
  const previous = travel(-1);
  return [
    command('nextArticle', 'Open next article of the list', 'j', next, {
      ...inList,
      keywords: ['down', 'following'],
    }),
    command('previousArticle', 'Open previous article of the list', 'k', previous, {
      ...inList,
      keywords: ['up', 'preceding'],
    }),
    command('nextArticleBracket', 'Open next article of the list', ']', next, {
      ...inList,
      inPalette: false,
    }),
    command('previousArticleBracket', 'Open previous article of the list', '[', previous, {
      ...inList,
      inPalette: false,
    }),
    command('backToList', 'Back to the article list', 'u', backToArticleList, {
      keywords: ['up', 'index', 'return', 'escape'],
    }),
    command('backToListEscape', 'Back to the article list', 'escape', backToArticleList, {
      inPalette: false,
    }),
  ];
}

/** What the shown article's commands need of it. */
export interface ShownArticle {
  readonly isRead: boolean;
  readonly readOnly: boolean;
  readonly url: string | null;
}

/** What the shown article's commands do (the screen's own actions). */
export interface ShownArticleActions {
  readonly copyId: () => void;
  readonly setRead: (isRead: boolean) => void;
  readonly openSource: (url: string) => void;
}

/**
 * The shown article's keys: c copies its ID, m marks it read or unread (not on a read-only
 * article), o opens its source (only an address that may be a link: data:, javascript: are text).
 */
export function articleDetailsCommands(
  article: ShownArticle,
  actions: ShownArticleActions,
): Command[] {
  const command = screenCommandFactory({
    idPrefix: 'articleDetails',
    group: 'Article',
    scope: articleDetailsScope,
    when: onArticleDetails,
  });
  const list = [command('copyId', 'Copy article ID', 'c', actions.copyId)];
  if (!article.readOnly) {
    list.push(
      command(
        'toggleRead',
        article.isRead ? 'Mark unread' : 'Mark read',
        'm',
        () => actions.setRead(!article.isRead),
        { keywords: ['mark read', 'mark unread', 'status'] },
      ),
    );
  }
  const { url } = article;
  if (url && externalHref(url) !== undefined) {
    list.push(command('openSource', 'Open source URL', 'o', () => actions.openSource(url)));
  }
  return list;
}
