import { useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { curveTotalsOf } from '@/domain/entries/epi-curve-totals';
import { ErrorState } from '@/ui/error-state';
import { useDetails } from '../details-store';
import { EpiCurve } from './epi-curve';
import { useCurveData } from './use-curve-data';

/** Locations whose curve is shown under their table header. */
const openCurves = proxy<{ ids: number[] }>({ ids: [] });

function CurveOf({ rootId, title }: { readonly rootId: number; readonly title: string }) {
  const { status, error, data, typed } = useCurveData();
  const typedKey = JSON.stringify(typed);
  const totals = useMemo(
    () => (data === null ? [] : [...data.totals, ...curveTotalsOf([], typed)]),
    // `typed` is rebuilt each render; its content says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, typedKey],
  );
  if (status === 'error') {
    return <ErrorState title="The epidemic curve could not be loaded" message={error ?? ''} />;
  }
  if (data === null) {
    return (
      <div
        role="status"
        aria-label="Loading the epidemic curve"
        className="h-64 animate-pulse rounded border border-slate-200 bg-slate-100"
      />
    );
  }
  return (
    <EpiCurve
      title={title}
      rootId={rootId}
      places={data.places}
      totals={totals}
      periods={data.periods}
    />
  );
}

/** The whole activity's curve: its country, every location rolled up by the nesting rule. */
export function ActivityCurve() {
  const { detail } = useDetails();
  if (detail === null) return null;
  const { activity } = detail;
  return (
    <CurveOf
      rootId={activity.countryDetails.countryId}
      title={`${activity.diseaseName} in ${activity.countryDetails.countryName}`}
    />
  );
}

/** The 'Curve' toggle of a location table's header. */
export function LocationCurveToggle({ locationId }: { readonly locationId: number }) {
  const { ids } = useSnapshot(openCurves);
  const open = ids.includes(locationId);
  return (
    <button
      type="button"
      aria-expanded={open}
      onClick={() => {
        openCurves.ids = open
          ? openCurves.ids.filter((id) => id !== locationId)
          : [...openCurves.ids, locationId];
      }}
      className="rounded px-1.5 py-0.5 text-xs text-accent-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      {open ? 'Hide curve' : 'Curve'}
    </button>
  );
}

/** A location's curve, under its table header while its toggle is on. */
export function LocationCurvePanel({
  locationId,
  name,
}: {
  readonly locationId: number;
  readonly name: string;
}) {
  const { ids } = useSnapshot(openCurves);
  if (!ids.includes(locationId)) return null;
  return (
    <div className="border-b border-slate-200 p-2">
      <CurveOf rootId={locationId} title={name} />
    </div>
  );
}
