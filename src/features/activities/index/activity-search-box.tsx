import type { Ref } from 'react';
import { SearchInput } from '@/ui/search-input';
import {
  applyActivitySearchText,
  focusSelectedActivityRow,
  moveIntoActivityResults,
  setActivitySearchText,
  useActivityIndex,
} from './activity-index-store';

/** Enter or ArrowDown in the box: searches what is typed, then the focus goes to the rows. */
function intoResults(): void {
  void moveIntoActivityResults().then((any) => {
    if (any) focusSelectedActivityRow();
  });
}

/** The index search box (250 ms debounce; Enter searches at once) and its reading. */
export function ActivitySearchBox({ inputRef }: { readonly inputRef: Ref<HTMLInputElement> }) {
  const { searchText, result } = useActivityIndex();
  return (
    <div className="min-w-0 flex-1">
      <SearchInput
        inputRef={inputRef}
        label="Search disease activities"
        placeholder="Enter a disease, country, or species"
        value={searchText}
        onChange={setActivitySearchText}
        onEnter={applyActivitySearchText}
        onIntoResults={intoResults}
        onEscape={focusSelectedActivityRow}
      />
      <p className="mt-1 h-4 truncate text-xs text-slate-500" data-testid="activity-search-hint">
        {result?.searchError
          ? 'The search could not be read (a + or - needs a word after it): showing all activities.'
          : '"quoted text" matches a phrase · +word must match · -word must not · words match from their start'}
      </p>
    </div>
  );
}
