import { activityIndexPageSize } from '@/domain/disease-activities';
import { Button } from '@/ui/button';
import { goToActivityPage, useActivityIndex } from './activity-index-store';

/** 'Showing 1–50 of N', and Previous / page numbers / Next (spec 001 §9: 50 rows a page). */
export function ActivityPagination() {
  const { result } = useActivityIndex();
  if (result === null || result.total === 0) return null;
  const { page, pageCount, total } = result;
  const first = (page - 1) * activityIndexPageSize + 1;
  const last = Math.min(page * activityIndexPageSize, total);
  // A window of pages around the current one, plus the first and the last.
  const around = [page - 2, page - 1, page, page + 1, page + 2].filter(
    (p) => p > 1 && p < pageCount,
  );
  const pages = [...new Set([1, ...around, pageCount])];
  return (
    <nav aria-label="Pages" className="mt-2 flex flex-wrap items-center justify-between gap-2">
      <p className="text-xs text-slate-600" data-testid="activity-range">
        Showing {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-1">
        <Button variant="ghost" disabled={page <= 1} onClick={() => goToActivityPage(page - 1)}>
          Previous
        </Button>
        {pages.map((p, i) => (
          <span key={p} className="flex items-center">
            {i > 0 && p - (pages[i - 1] ?? p) > 1 && <span className="px-1 text-slate-400">…</span>}
            <button
              type="button"
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => goToActivityPage(p)}
              className={`h-8 min-w-8 rounded px-2 text-sm tabular-nums ${
                p === page
                  ? 'bg-accent-700 font-semibold text-white'
                  : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {p}
            </button>
          </span>
        ))}
        <Button
          variant="ghost"
          disabled={page >= pageCount}
          onClick={() => goToActivityPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
