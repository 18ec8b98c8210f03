import { useEffect, useMemo, useRef } from 'react';
import {
  TableVirtuoso,
  type CalculateViewLocation,
  type TableComponents,
  type TableVirtuosoHandle,
} from 'react-virtuoso';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import type { FeedSource } from '@/domain/feeds/feed-sources-api';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { ErrorState } from '@/ui/error-state';
import { LoadingState } from '@/ui/loading-state';
import { ScreenHeader } from '@/ui/screen-header';
import { SelectField } from '@/ui/select-field';
import { TextField } from '@/ui/text-field';
import { formatCount, formatDateTime } from '@/ui/formats';
import { Modal } from '@/ui/modal';
import { useFeedSourcesCommands } from './feed-sources-commands';
import {
  addFeedSource,
  cancelDeleteFeedSource,
  confirmDeleteFeedSource,
  loadFeedSources,
  pollFeedSource,
  requestDeleteFeedSource,
  setFeedSourceEnabled,
  setFormField,
  useFeedSources,
} from './feed-sources-store';

/** Health refreshes this often while the screen is open (the job polls in the background). */
const refreshMs = 15_000;

const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso));

function retry(): void {
  void loadFeedSources();
}

function health(source: FeedSource): { label: string; tone: string } {
  if (!source.enabled) return { label: 'Disabled', tone: 'bg-slate-100 text-slate-600' };
  if (source.consecutiveFailures > 0) {
    return { label: `Failing (${source.consecutiveFailures})`, tone: 'bg-red-100 text-red-800' };
  }
  if (source.lastSuccessAt === null)
    return { label: 'Not polled yet', tone: 'bg-amber-100 text-amber-800' };
  return { label: 'Healthy', tone: 'bg-emerald-100 text-emerald-800' };
}

/** A source's cells (the row element is the table's {@link tableComponents} TableRow). */
function SourceCells({ source }: { readonly source: FeedSource }) {
  const { pollNotes } = useFeedSources();
  const state = health(source);
  return (
    <>
      <td className="py-1.5 pr-3">
        <div className="font-medium text-slate-900">{source.name}</div>
        <div className="max-w-72 truncate text-xs text-slate-500" title={source.url}>
          {source.url}
        </div>
      </td>
      <td className="py-1.5 pr-3">{source.feedName}</td>
      <td className="py-1.5 pr-3">
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${state.tone}`}>
          {state.label}
        </span>
      </td>
      <td className="py-1.5 pr-3 whitespace-nowrap">{when(source.lastSuccessAt)}</td>
      <td className="py-1.5 pr-3">
        {source.lastError === null ? (
          '—'
        ) : (
          <>
            <div className="text-red-800">{source.lastError}</div>
            <div className="text-xs text-slate-500">{when(source.lastErrorAt)}</div>
          </>
        )}
      </td>
      <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="articles-today">
        {formatCount(source.articlesToday)}
      </td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(source.articlesTotal)}</td>
      <td className="py-1.5 pr-3 whitespace-nowrap">
        every {Math.round(source.pollingIntervalSeconds / 60)} min
      </td>
      <td className="py-1.5">
        <div className="flex flex-wrap gap-1">
          <Button onClick={() => void pollFeedSource(source.id)}>Poll now</Button>
          <Button
            variant="ghost"
            onClick={() => void setFeedSourceEnabled(source.id, !source.enabled)}
          >
            {source.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="ghost" onClick={() => requestDeleteFeedSource(source.id)}>
            Delete
          </Button>
        </div>
        {pollNotes[source.id] && (
          <p className="mt-0.5 text-xs text-slate-600" aria-live="polite" data-testid="poll-note">
            {pollNotes[source.id]}
          </p>
        )}
      </td>
    </>
  );
}

/** What the row components read besides their item. */
interface SourcesContext {
  readonly selectedId: number | null;
}

// Defined once (not per render), so virtuoso keeps its rows mounted while the data changes.
const tableComponents: TableComponents<FeedSource, SourcesContext> = {
  Table: ({ context: _context, ...props }) => (
    <table {...props} className="w-full text-left text-sm" aria-label="Feed sources" />
  ),
  // The head scrolls with the page, as before: the shell's sticky header would cover it.
  TableHead: ({ context: _context, style, ...props }) => (
    <thead {...props} style={{ ...style, position: 'static' }} className="text-xs text-slate-500" />
  ),
  TableRow: ({ item, context, ...props }) => {
    const selected = item.id === context.selectedId;
    return (
      <tr
        {...props}
        data-feed-row
        aria-selected={selected}
        className={`border-t border-slate-100 align-top ${
          selected ? 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600' : ''
        }`}
      />
    );
  },
};

const headerContent = () => (
  <tr>
    <th className="pr-3 font-medium">Source</th>
    <th className="pr-3 font-medium">Feed</th>
    <th className="pr-3 font-medium">Health</th>
    <th className="pr-3 font-medium">Last success</th>
    <th className="pr-3 font-medium">Last error</th>
    <th className="pr-3 text-right font-medium">Articles today</th>
    <th className="pr-3 text-right font-medium">In all</th>
    <th className="pr-3 font-medium">Polling</th>
    <th className="font-medium">Actions</th>
  </tr>
);

/**
 * Virtuoso's "into view", with the top of the view below the shell's sticky header (the table
 * scrolls with the window), so a row selected upwards is not hidden under it.
 */
const belowStickyHeader: CalculateViewLocation = ({
  itemTop,
  itemBottom,
  viewportTop,
  viewportBottom,
  locationParams,
}) => {
  const cover = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
  if (itemTop < viewportTop + cover) return { ...locationParams, align: 'start', offset: -cover };
  if (itemBottom > viewportBottom) return { ...locationParams, align: 'end' };
  return null;
};

/** Deleting a source asks first, naming it; Delete is the focused, primary action. */
function DeleteSourceDialog() {
  const { deleteRequested, sources } = useFeedSources();
  const source = sources.find((s) => s.id === deleteRequested);
  return (
    <Modal
      open={source !== undefined}
      title="Delete feed source"
      onCancel={cancelDeleteFeedSource}
      onDelete={() => void confirmDeleteFeedSource()}
    >
      <p>
        Delete <span className="font-medium">{source?.name}</span>? IST stops polling it; the
        articles it brought in stay.
      </p>
    </Modal>
  );
}

function SourcesTable() {
  const { status, error, sources, selected } = useFeedSources();
  if (status === 'error' && sources.length === 0) {
    return (
      <ErrorState title="The feed sources could not be loaded." message={error ?? ''}>
        <Button onClick={retry}>Try again</Button>
      </ErrorState>
    );
  }
  if (status !== 'ready' && sources.length === 0)
    return <LoadingState label="Loading feed sources" rows={4} />;
  if (sources.length === 0) {
    return (
      <EmptyState
        title="No feed sources"
        description="Add an RSS 2.0 or Atom feed below. IST polls each enabled source on its interval, tags and clusters its articles and turns them into suggested actions."
      />
    );
  }
  return <SourcesRows sources={sources} selected={Math.min(selected, sources.length - 1)} />;
}

/**
 * The sources, virtualised (react-virtuoso) in the page's own scroll: a deployment may poll any
 * number of feeds. j/k scroll the selected row into view.
 */
function SourcesRows({
  sources,
  selected,
}: {
  readonly sources: readonly FeedSource[];
  readonly selected: number;
}) {
  const table = useRef<TableVirtuosoHandle>(null);
  const selectedId = sources[selected]?.id ?? null;
  const context = useMemo(() => ({ selectedId }), [selectedId]);
  useEffect(() => {
    table.current?.scrollIntoView({ index: selected, calculateViewLocation: belowStickyHeader });
  }, [selected]);
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white px-3 py-2">
      <TableVirtuoso<FeedSource, SourcesContext>
        ref={table}
        useWindowScroll
        data={sources}
        context={context}
        computeItemKey={(_, source) => source.id}
        increaseViewportBy={400}
        fixedHeaderContent={headerContent}
        components={tableComponents}
        itemContent={(_, source) => <SourceCells source={source} />}
      />
    </div>
  );
}

function AddSourceForm() {
  const { form, formErrors, busy } = useFeedSources();
  return (
    <LookupsBoundary>
      {(lookups) => (
        <form
          aria-label="Add a feed source"
          className="mt-4 flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void addFeedSource();
          }}
        >
          <h2 className="text-sm font-semibold text-slate-800">Add a feed source</h2>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_12rem_2fr_8rem_auto] md:items-end">
            <TextField
              label="Name"
              value={form.name}
              onValueChange={(v) => setFormField('name', v)}
            />
            <SelectField
              label="Feed"
              value={form.feedId}
              options={lookups.feeds.map((f) => ({ value: f.id, label: f.name }))}
              onValueChange={(v) => setFormField('feedId', v)}
            />
            <TextField
              label="URL (RSS 2.0 or Atom)"
              value={form.url}
              onValueChange={(v) => setFormField('url', v)}
              placeholder="https://…"
            />
            <TextField
              label="Every (minutes)"
              value={form.minutes}
              onValueChange={(v) => setFormField('minutes', v)}
              inputMode="numeric"
            />
            <Button type="submit" variant="primary" disabled={busy}>
              Add source
            </Button>
          </div>
          {formErrors.length > 0 && (
            <ul className="text-sm text-red-700" role="alert">
              {formErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </form>
      )}
    </LookupsBoundary>
  );
}

/** The table, loaded (and refreshed) once the engine has its token (after the lookups). */
function SourcesSection() {
  useEffect(() => {
    void loadFeedSources();
    const timer = setInterval(() => void loadFeedSources(), refreshMs);
    return () => clearInterval(timer);
  }, []);
  return <SourcesTable />;
}

/** /feeds — feed sources and their ingestion health (issue 8). */
export default function FeedSourcesScreen() {
  useFeedSourcesCommands();
  return (
    <div className="flex flex-col">
      <ScreenHeader
        title="Feed sources"
        subtitle="Ingestion health per source: last success, last error, articles today."
      />
      <LookupsBoundary>{() => <SourcesSection />}</LookupsBoundary>
      <AddSourceForm />
      <DeleteSourceDialog />
    </div>
  );
}
