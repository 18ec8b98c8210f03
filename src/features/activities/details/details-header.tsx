import { Link } from '@/app/link';
import { displayDay } from '@/domain/calendar-day';
import { reportingPeriodTypeLabel, speciesGroupLabel, type SpeciesGroup } from '@/domain/enums';
import type { ActivityDetailJson } from '@/domain/entries/entries-api';
import { collapseAllTables, useDetails } from './details-store';

type Period = NonNullable<ActivityDetailJson['latestReportingPeriod']>;

const periodSpan = (p: Period) =>
  `${displayDay(p.startDate)} – ${p.endDate === null ? 'today' : displayDay(p.endDate)} (${reportingPeriodTypeLabel[p.reportingPeriodType]})`;

/** The reporting-period line (spec 001 §2): the current or closed period, and the previous one. */
export function ReportingPeriodLine({ detail }: { readonly detail: ActivityDetailJson }) {
  const latest = detail.latestReportingPeriod;
  const previous = detail.previousReportingPeriod;
  return (
    <p className="text-xs text-slate-600" data-testid="reporting-period">
      {latest === null ? (
        'No reporting period'
      ) : (
        <>
          <span className="font-medium text-slate-800">
            {latest.endDate === null ? 'Current Reporting Period' : 'Reporting Period Closed'}
          </span>
          : {periodSpan(latest)}
        </>
      )}
      {previous !== null && (
        <>
          {' · '}
          <span className="font-medium text-slate-700">Previous Reporting Period</span>:{' '}
          {periodSpan(previous)}
        </>
      )}
    </p>
  );
}

/** The sticky header: notable-events flag, '{disease} in {country} in {species}', collapse. */
export function DetailsHeader({ detail }: { readonly detail: ActivityDetailJson }) {
  const { histories, expandedTotals } = useDetails();
  const { activity } = detail;
  const expanded = Object.keys(histories).length > 0 || expandedTotals.length > 0;
  const group = speciesGroupLabel[activity.speciesGroup as SpeciesGroup] ?? '';
  return (
    // Sticky below the shell's header (h-12 and its 1 px border), not under it (spec 001 §2).
    <header className="sticky top-[49px] z-20 -mx-4 mb-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
      <nav aria-label="Breadcrumb" className="text-xs">
        <Link className="text-accent-700 hover:underline" href="/activity">
          Disease Activity Index
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <span
          role="img"
          aria-label={activity.hasNotableEvents ? 'Notable events' : 'No notable events'}
          title={activity.hasNotableEvents ? 'Notable events' : 'No notable events'}
          className={activity.hasNotableEvents ? 'text-red-600' : 'text-slate-300'}
        >
          ⚑
        </span>
        <h1 className="text-lg font-semibold text-slate-900" data-testid="activity-title">
          {activity.diseaseName} in {activity.countryDetails.countryName} in{' '}
          <span
            className="rounded-full bg-accent-50 px-2 py-0.5 text-sm font-medium text-accent-800"
            title={group}
          >
            {activity.speciesName}
          </span>
        </h1>
        {expanded && (
          <button
            type="button"
            onClick={collapseAllTables}
            className="ml-auto text-sm text-accent-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            Collapse All Tables
          </button>
        )}
      </div>
      <ReportingPeriodLine detail={detail} />
    </header>
  );
}
