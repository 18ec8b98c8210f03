import { useEffect } from 'react';
import { Link } from '@/app/link';
import { useLookups } from '@/app/lookups/lookups-store';
import { matchRoute } from '@/app/routes';
import {
  commandRegistry,
  findHotkeyConflicts,
  type Command,
  type CommandContext,
} from '@/app/commands/registry';
import { Modal } from '@/ui/modal';
import { AddArticleForm } from './add-article-form';
import { clearCreatedArticle, openAddArticle, useAddArticle } from './add-article-store';

const onArticleScreens = ({ pathname }: CommandContext) => {
  const { id } = matchRoute(pathname);
  return id === 'articleIndex' || id === 'articleDetails';
};

/** The palette command (and hotkey `a`) that opens the form on the article screens. */
export const addArticleCommand: Command = {
  id: 'articles.add',
  title: 'Add an article',
  group: 'Articles',
  hotkey: 'a',
  // The article screens' key: 'a' then 'c' adds case data on the activity details screen.
  scope: 'articles',
  keywords: ['new', 'create', 'custom article'],
  when: onArticleScreens,
  opensDialog: true,
  run: openAddArticle,
};

// The host may be mounted by more than one screen: the command is registered once.
let mounted = 0;
let unregister: (() => void) | undefined;

function registerCommand(): void {
  mounted += 1;
  if (mounted > 1) return;
  const taken = findHotkeyConflicts([...commandRegistry.list(), addArticleCommand]).length > 0;
  // Another feature binding `a` here keeps its key; the palette entry stays.
  const command: Command = taken
    ? {
        id: addArticleCommand.id,
        title: addArticleCommand.title,
        group: addArticleCommand.group,
        when: onArticleScreens,
        run: openAddArticle,
      }
    : addArticleCommand;
  unregister = commandRegistry.register([command]);
}

function unregisterCommand(): void {
  mounted -= 1;
  if (mounted > 0) return;
  unregister?.();
  unregister = undefined;
}

/** 'Article successfully added', with a link to the new article; OK clears the state. */
function AddedDialog({ articleId }: { readonly articleId: number | null }) {
  const href = `/article/${articleId ?? ''}`;
  return (
    <Modal
      open={articleId !== null}
      title="Article successfully added"
      onSubmit={clearCreatedArticle}
      labels={{ submit: 'OK' }}
    >
      <p>
        The article was added:{' '}
        <Link
          href={href}
          className="font-medium text-accent-700 underline"
          onClick={clearCreatedArticle}
        >
          Article {articleId}
        </Link>
        . It shows in the Article Index once it has finished processing.
      </p>
    </Modal>
  );
}

/**
 * The add-article form, its success dialog and its command. Mounted by the article screens
 * (index and details); `openAddArticle()` from add-article-store.ts opens it.
 */
export function AddArticleHost() {
  const lookups = useLookups();
  const { createdArticleId } = useAddArticle();
  useEffect(() => {
    registerCommand();
    return unregisterCommand;
  }, []);
  return (
    <>
      {lookups.status === 'ready' && <AddArticleForm lookups={lookups.lookups} />}
      <AddedDialog articleId={createdArticleId} />
    </>
  );
}
