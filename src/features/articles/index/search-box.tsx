import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { Ref } from 'react';
import { SearchInput } from '@/ui/search-input';
import {
  applySearchText,
  articleIndexStore,
  setSearchText,
  useArticleIndex,
} from './article-index-store';
import { moveIntoResults } from './article-list-travel';
import { focusArticleRow } from './selected-row-focus';

/** ArrowDown or Enter in the box: searches what is typed, then the focus goes to the rows. */
function intoResults(): void {
  applySearchText();
  void moveIntoResults().then((selectedId) => {
    if (selectedId !== null) focusArticleRow(selectedId);
  });
}

/** Escape in the box: back to the list (its selected row), the query kept. */
function backToRows(): void {
  const { selectedId } = articleIndexStore;
  if (selectedId !== null) focusArticleRow(selectedId);
}

/** Spec 000 §2: the search syntax, as the help popup shows it. */
export const searchSyntaxHelp = [
  ['+', 'is AND'],
  ['-', 'is NOT'],
  ['a space', 'is OR'],
  ['no quotes', 'are needed'],
  ['"…"', 'a term wrapped in double quotes is an exact phrase'],
] as const;

function SearchHelp() {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Search syntax"
        className="flex h-8 w-8 items-center justify-center rounded text-sm font-semibold text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        ?
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-40 w-80 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg"
      >
        <p className="mb-1.5 font-medium text-slate-800">Search syntax</p>
        <ul className="space-y-1 text-slate-600">
          {searchSyntaxHelp.map(([term, meaning]) => (
            <li key={term}>
              <code className="rounded bg-slate-100 px-1 text-slate-800">{term}</code> {meaning}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">
          Example: <code>cholera +outbreak -vaccine</code> or{' '}
          <code>&quot;avian influenza&quot;</code>
        </p>
      </PopoverPanel>
    </Popover>
  );
}

/** The keyword search box (250 ms debounce; Enter searches at once) and how it was read. */
export function SearchBox({ inputRef }: { readonly inputRef: Ref<HTMLInputElement> }) {
  const { searchText, reading } = useArticleIndex();
  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-center gap-1">
        <SearchInput
          inputRef={inputRef}
          label="Search articles"
          placeholder="Search articles  ( / )"
          value={searchText}
          onChange={setSearchText}
          onEnter={applySearchText}
          onIntoResults={intoResults}
          onEscape={backToRows}
        />
        <SearchHelp />
      </div>
      <p className="mt-1 h-4 truncate text-xs text-slate-500" data-testid="search-reading">
        {reading}
      </p>
    </div>
  );
}
