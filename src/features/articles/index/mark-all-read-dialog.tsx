import { Modal } from '@/ui/modal';
import {
  cancelMarkAllRead,
  confirmMarkAllRead,
  unreadLoadedArticles,
  useArticleIndex,
} from './article-index-store';

/** Shift+A's confirmation on the shared modal: only the loaded rows of the current filter. */
export function MarkAllReadDialog() {
  const { markAllReadOpen, readOverrides } = useArticleIndex();
  // Read while open only; readOverrides in the snapshot re-renders it as rows change.
  const count = markAllReadOpen && readOverrides ? unreadLoadedArticles().length : 0;
  return (
    <Modal
      open={markAllReadOpen}
      title="Mark all as read"
      onCancel={cancelMarkAllRead}
      onSubmit={() => void confirmMarkAllRead()}
      labels={{ submit: 'Mark read' }}
    >
      <p>
        Mark {count} unread article{count === 1 ? '' : 's'} as read? Only the articles loaded for
        the current search and filters are changed.
      </p>
    </Modal>
  );
}
