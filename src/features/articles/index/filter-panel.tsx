import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { Ref } from 'react';
import { defaultArticleFilters, type ArticleFilters } from '@/domain/article-search/filters';
import { Kbd } from '@/ui/kbd';
import { useArticleIndex } from './article-index-store';
import { FilterForm } from './filter-form';
import { TriangleIcon } from './icons';

/** How many filters differ from the defaults (shown on the closed panel). */
export function activeFilterCount(filters: ArticleFilters): number {
  const keys = Object.keys(defaultArticleFilters) as (keyof ArticleFilters)[];
  return keys.filter(
    (key) => JSON.stringify(filters[key]) !== JSON.stringify(defaultArticleFilters[key]),
  ).length;
}

/** The collapsible filter panel (Headless UI Disclosure); `f` clicks its button. */
export function FilterPanel({ buttonRef }: { readonly buttonRef: Ref<HTMLButtonElement> }) {
  const { filters } = useArticleIndex();
  const active = activeFilterCount(filters as ArticleFilters);
  return (
    <Disclosure as="section" className="mb-3 rounded-md border border-slate-200 bg-white">
      {({ open }) => (
        <>
          <DisclosureButton
            ref={buttonRef}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <TriangleIcon expanded={open} />
            Filters
            {active > 0 && (
              <span className="rounded-full bg-accent-100 px-1.5 text-xs text-accent-800">
                {active} active
              </span>
            )}
            <span className="ml-auto">
              <Kbd>F</Kbd>
            </span>
          </DisclosureButton>
          <DisclosurePanel className="border-t border-slate-200 px-3 py-3">
            <FilterForm key={JSON.stringify(filters)} applied={filters as ArticleFilters} />
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
