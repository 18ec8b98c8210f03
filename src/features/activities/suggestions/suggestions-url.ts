import { useEffect } from 'react';
import { navigate, useLocation } from '@/app/router';
import { routePatterns } from '@/app/routes';
import { openSuggestions, refreshUnreadSuggestions } from './suggestions-store';

/** The query that opens the panel: the palette's 'Suggested actions' navigates here. */
export const suggestionsQuery = 'suggestions';

/**
 * On the activity index: keeps the unread count fresh and opens the panel when the URL asks
 * (`/activity?suggestions=open`), then drops the query so a reload or Back does not reopen it.
 */
export function useSuggestionsFromUrl(): void {
  const { search } = useLocation();
  useEffect(() => {
    void refreshUnreadSuggestions();
  }, []);
  useEffect(() => {
    if (new URLSearchParams(search).get(suggestionsQuery) === null) return;
    openSuggestions();
    navigate(routePatterns.activityIndex, { replace: true });
  }, [search]);
}
