import { useMemo } from 'react';
import { caseFigureLabel, caseFigures } from '@/domain/entries/case-figures';
import { detailCumulatives } from '@/domain/entries/epi-curve-totals';
import { formatCount } from '@/ui/formats';
import { useDetails } from './details-store';

/**
 * The country row's cumulative: the activity's figures by the one cumulative rule
 * (src/domain/entries/cumulative-rule.ts), the same the index, the locator and the curve show,
 * so cases entered at provinces and cities are seen at the country too. Shown in the country
 * table's header; 'rolled up' when the sub-locations give more than the country's own entries.
 */
export function CountryCumulative({ countryId }: { readonly countryId: number }) {
  const { detail, partial } = useDetails();
  // Rolled up from every place: shown once all their entries are in (issue 31).
  const latest = useMemo(
    () => (detail === null || partial ? null : detailCumulatives(detail)),
    [detail, partial],
  );
  if (latest === null) return null;
  const figures = latest.tree.cumulativeOf(countryId);
  const shown = caseFigures.filter((f) => figures[f] !== null);
  if (shown.length === 0) return null;
  return (
    <span
      data-testid="country-cumulative"
      className="rounded bg-accent-50 px-1.5 text-[11px] text-slate-700"
      title={`Cumulative of the whole country on ${latest.day}: the larger of the country's own entries and the sum of its locations, per figure`}
    >
      Cumulative{latest.tree.isNested(countryId) ? ' (rolled up)' : ''}:{' '}
      {shown.map((f, i) => (
        <span key={f}>
          {i > 0 && ' · '}
          {caseFigureLabel[f]}{' '}
          <span className="font-mono tabular-nums" data-figure={f}>
            {formatCount(figures[f])}
          </span>
        </span>
      ))}
    </span>
  );
}
