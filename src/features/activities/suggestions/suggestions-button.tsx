import { Button } from '@/ui/button';
import { openSuggestions, useSuggestions } from './suggestions-store';

/** The index's way into the suggestions panel, with the unread count. */
export function SuggestionsButton() {
  const { unread } = useSuggestions();
  return (
    <Button onClick={openSuggestions} aria-keyshortcuts="s" data-testid="suggestions-button">
      Suggested actions
      {unread !== null && unread > 0 && (
        <span
          className="rounded-full bg-accent-700 px-1.5 text-xs font-semibold text-white"
          aria-label={`${unread} unread`}
        >
          {unread}
        </span>
      )}
    </Button>
  );
}
