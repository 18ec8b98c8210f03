import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { whenEngineReady } from '@/app/engine';
import { Link } from '@/app/link';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { messages } from '@/domain/messages';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { ErrorState } from '@/ui/error-state';
import { Kbd } from '@/ui/kbd';
import { LoadingState } from '@/ui/loading-state';
import { CommitBar } from './commit-bar';
import { DetailsHeader } from './details-header';
import { useActivityDetailsCommands } from './details-commands';
import {
  activityKeyOfRoute,
  closeDetails,
  enterDetails,
  openDetails,
  setEntriesSubTab,
  setPage,
  setTab,
  useDetails,
} from './details-store';
import {
  entryViewTypes,
  locationMatches,
  orderLocations,
  pageOf,
  type ActivityLocation,
} from './location-order';
import { LocationPanel } from './location-panel';
import { LocationTable } from './location-table';
import { useTablesRendered } from './first-tables';
import { useKeysHeldWhileLoading } from './keys-while-loading';
import { PrecheckPanel } from './precheck-panel';
import { WarningsPanel } from './warnings-panel';
import { AssessmentsTabSlot } from './assessments/assessments-slot';
import { EntryDialogsHost } from './dialogs/entry-dialogs';
import { OverviewSection } from './overview/overview-section';

// The locator map brings d3-geo and the world shapes: its own chunk (issue 19).
const LocatorMap = lazy(() => import('./locator-map'));

/** Props of {@link ActivityDetailsScreen}: the route's parameters. */
export interface ActivityDetailsScreenProps {
  readonly diseaseActivityIdParam: string;
  readonly countryIdParam: string;
}

/** The locations the tables show: Filter text, 'View' type, order, then the page. */
function useShownLocations() {
  const { detail, drafts, addedLocations, locationMode, locationText, view, order, page } =
    useDetails();
  return useMemo(() => {
    if (detail === null) return { items: [] as ActivityLocation[], page: 1, pages: 1, total: 0 };
    const types = entryViewTypes[view];
    const withEntries = new Set<number>([
      ...detail.reports.filter((r) => types === null || types.has(r.type)).map((r) => r.locationId),
      ...drafts.filter((d) => types === null || types.has(d.type)).map((d) => d.locationId),
    ]);
    const all = [...detail.locations, ...addedLocations].filter(
      (l) =>
        (types === null || withEntries.has(l.id) || addedLocations.some((a) => a.id === l.id)) &&
        (locationMode !== 'filter' || locationMatches(l, locationText)),
    );
    const ordered = orderLocations(all, order);
    return { ...pageOf(ordered, page), total: ordered.length };
  }, [detail, drafts, addedLocations, locationMode, locationText, view, order, page]);
}

function Pagination({
  page,
  pages,
  total,
}: {
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}) {
  if (pages <= 1) return <p className="text-xs text-slate-500">{total} location(s)</p>;
  return (
    <nav aria-label="Location pages" className="flex items-center gap-2 text-xs text-slate-600">
      <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span>
        Page {page} of {pages} · {total} locations
      </span>
      <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  );
}

/** The Entries tab's sub-tabs (spec 001 §2 "Under Entries is a sub-tab 'Overview' … and the entries table"). */
const entriesSubTabs = [
  ['overview', 'Overview'],
  ['table', 'Entries table'],
] as const;

/**
 * Props of every tab panel here: not a Tab stop (Headless UI makes the shown one tabIndex 0).
 * The panels hold focusable controls, and a focusable panel became the element Headless UI's
 * dialogs gave the focus back to, instead of the entries row they were opened from (rows are
 * tabIndex -1, and its focus history keeps the nearest Tab stop around the focus).
 */
const panelProps = { tabIndex: -1, className: 'outline-none' } as const;

function EntriesTab() {
  const { detail, entriesSubTab } = useDetails();
  const locationInput = useRef<HTMLInputElement>(null);
  const focusLocationSearch = useCallback(() => {
    const focus = () => {
      locationInput.current?.focus();
      locationInput.current?.select();
    };
    if (locationInput.current !== null) return focus();
    // On the Overview sub-tab: the table (and its search box) mounts first.
    setEntriesSubTab('table');
    setTimeout(focus, 0);
  }, []);
  useActivityDetailsCommands(focusLocationSearch);
  if (detail === null) return null;
  // Headless UI's tabs (arrows move and select, Home/End, Enter/Space); the store keeps the choice.
  return (
    <TabGroup
      selectedIndex={entriesSubTabs.findIndex(([id]) => id === entriesSubTab)}
      onChange={(index) => setEntriesSubTab(entriesSubTabs[index]?.[0] ?? 'table')}
    >
      <TabList aria-label="Entries" className="mb-3 flex gap-1">
        {entriesSubTabs.map(([id, label]) => (
          <Tab
            key={id}
            className="rounded px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 data-selected:bg-accent-50 data-selected:text-accent-800 data-selected:ring-1 data-selected:ring-accent-600"
          >
            {label}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        <TabPanel {...panelProps}>
          <OverviewSection />
        </TabPanel>
        <TabPanel {...panelProps}>
          <EntriesTable inputRef={locationInput} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

/** The entries table sub-tab: location panel, commit bar, checks and the per-location tables. */
function EntriesTable({ inputRef }: { readonly inputRef: RefObject<HTMLInputElement | null> }) {
  const { detail } = useDetails();
  const shown = useShownLocations();
  const rendered = useTablesRendered(shown.items.length, detail !== null);
  if (detail === null) return null;
  return (
    <>
      {detail.readOnly && (
        <div
          role="alert"
          className="mb-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="auto-surveillance-banner"
        >
          {messages.pendingAutoSurveillanceBanner}
        </div>
      )}
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <LocationPanel inputRef={inputRef} />
          <CommitBar />
        </div>
        {/* d3-geo and the world shapes load with it, not with the screen (issue 19). */}
        <Suspense fallback={null}>
          <LocatorMap />
        </Suspense>
      </div>
      <PrecheckPanel />
      <WarningsPanel />
      <div className="mb-2 flex items-center justify-between">
        <Pagination page={shown.page} pages={shown.pages} total={shown.total} />
        <p className="hidden items-center gap-1 text-xs text-slate-500 lg:flex">
          <Kbd>J</Kbd>
          <Kbd>K</Kbd> location · <Kbd>A</Kbd>
          <Kbd>C</Kbd> add case data · <Kbd>Enter</Kbd> next cell · <Kbd>Alt+V</Kbd> validate ·{' '}
          <Kbd>?</Kbd> all keys
        </p>
      </div>
      {shown.items.length === 0 ? (
        <EmptyState
          title="No locations"
          description="No location matches the filter and the view."
        />
      ) : (
        shown.items
          .slice(0, rendered)
          .map((location) => <LocationTable key={location.id} location={location} />)
      )}
    </>
  );
}

/** The main tabs (spec 001 §2 "Main tabs: Entries and Assessments"). */
const mainTabs = [
  ['entries', 'Entries'],
  ['assessments', 'Assessments'],
] as const;

function DetailsBody({
  diseaseActivityId,
  countryId,
}: {
  readonly diseaseActivityId: number;
  readonly countryId: number;
}) {
  const { status, error, detail, tab } = useDetails();
  useKeysHeldWhileLoading(status === 'loading');
  const tabIndex = mainTabs.findIndex(([id]) => id === tab);
  if (status === 'error') {
    return (
      <ErrorState title="The disease activity could not be loaded." message={error ?? ''}>
        <Button onClick={() => void openDetails({ diseaseActivityId, countryId })}>
          Try again
        </Button>
        <Link className="ml-3 text-sm text-accent-700 hover:underline" href="/activity">
          Disease Activity Index
        </Link>
      </ErrorState>
    );
  }
  if (detail === null) return <LoadingState label="Loading the disease activity" rows={10} />;
  return (
    <>
      <DetailsHeader detail={detail} />
      <EntryDialogsHost />
      <TabGroup
        selectedIndex={tabIndex}
        onChange={(index) => setTab(mainTabs[index]?.[0] ?? 'entries')}
      >
        <TabList aria-label="Activity" className="mb-3 flex gap-1 border-b border-slate-200">
          {mainTabs.map(([id, label]) => (
            <Tab
              key={id}
              className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-slate-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 data-selected:border-accent-600 data-selected:text-accent-800"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel {...panelProps}>
            <EntriesTab />
          </TabPanel>
          <TabPanel {...panelProps}>
            <AssessmentsTabSlot diseaseActivityId={diseaseActivityId} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </>
  );
}

/** /activity/:diseaseActivityIdParam/:countryIdParam — the details page (spec 001 §2). */
/** The route's preload (src/app/route-view.tsx): the activity asked for beside this code. */
export { preloadDetails } from './details-store';

export default function ActivityDetailsScreen({
  diseaseActivityIdParam,
  countryIdParam,
}: ActivityDetailsScreenProps) {
  const key = activityKeyOfRoute({ diseaseActivityIdParam, countryIdParam });
  const diseaseActivityId = key?.diseaseActivityId ?? 0;
  const countryId = key?.countryId ?? 0;
  const valid = key !== null;
  // The activity is asked for as soon as the engine is ready, beside the lookups rather than
  // after them (issue 31); the route has usually asked already (preloadDetails), and this
  // joins that call.
  useEffect(() => {
    if (!valid) return;
    let live = true;
    void whenEngineReady().then(() => {
      if (live) void enterDetails({ diseaseActivityId, countryId });
    });
    return () => {
      live = false;
      // Nothing is kept for the next activity (or screen).
      closeDetails();
    };
  }, [valid, diseaseActivityId, countryId]);
  return (
    <LookupsBoundary>
      {() =>
        valid ? (
          <DetailsBody diseaseActivityId={diseaseActivityId} countryId={countryId} />
        ) : (
          <EmptyState
            title="No such disease activity"
            description="The address names no disease activity."
          />
        )
      }
    </LookupsBoundary>
  );
}
