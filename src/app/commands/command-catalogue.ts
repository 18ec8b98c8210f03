import { appCommands } from '@/app/commands/app-commands';
import type { Command } from '@/app/commands/registry';
import { activityDetailsCommands } from '@/features/activities/details/details-commands';
import { activityIndexCommands } from '@/features/activities/index/activity-index-commands';
import {
  articleDetailsCommands,
  articleDetailsListCommands,
} from '@/features/articles/details/article-details-commands';
import { addArticleCommand } from '@/features/articles/add/add-article-host';
import { articleIndexCommands } from '@/features/articles/index/article-index-commands';
import { suggestionsCommands } from '@/features/activities/suggestions/suggestions-commands';
import { feedSourcesCommands } from '@/features/feeds/feed-sources-commands';
import { mapCommands } from '@/features/activities/map/map-commands';

const nothing = () => undefined;

/**
 * Every command the screens register, built with do-nothing actions: what `docs/keyboard.md`
 * lists (scripts/write-keyboard-doc.ts) and what the registry test checks for clashes. Screens
 * register the same lists (with their real actions) while they are shown.
 */
export function commandCatalogue(): Command[] {
  return [
    ...appCommands,
    ...activityIndexCommands(nothing),
    ...suggestionsCommands(),
    ...activityDetailsCommands(nothing),
    ...articleIndexCommands({ focusSearch: nothing, toggleFilters: nothing }),
    ...articleDetailsListCommands(),
    // An unread article with a source link: every key the details screen may bind (c, m, o).
    ...articleDetailsCommands(
      { isRead: false, readOnly: false, url: 'https://example.org/' },
      { copyId: nothing, setRead: nothing, openSource: nothing },
    ),
    addArticleCommand,
    ...feedSourcesCommands(),
    ...mapCommands(),
  ];
}
