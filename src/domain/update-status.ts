import { UpdateStatus } from './enums';

const DAY = 86_400_000;

/** Whole UTC days from `from` to `to` (ISO dates or timestamps); never negative. */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(from.slice(0, 10));
  const b = Date.parse(to.slice(0, 10));
  if (Number.isNaN(a) || Number.isNaN(b)) return 0;
  return Math.max(0, Math.round((b - a) / DAY));
}

/** What the update status of an activity is computed from. */
export interface UpdateFacts {
  /** Whether the activity has an open reporting period. */
  readonly periodOpen: boolean;
  /** The last update: the last commit, else the activity's creation (ISO timestamp). */
  readonly lastUpdate: string;
  /** countryDetails.daysNeededForUpdate (the incubation period, default 14). */
  readonly daysNeededForUpdate: number;
  /** Today (ISO date or timestamp, UTC). */
  readonly today: string;
}

/**
 * Update status (spec 001 §2, §3): Inactive when no reporting period is open; Active when
 * updated within daysNeededForUpdate days; otherwise NeedsUpdate ('Update needed').
 */
export function updateStatusOf(facts: UpdateFacts): UpdateStatus {
  if (!facts.periodOpen) return UpdateStatus.Inactive;
  return daysBetween(facts.lastUpdate, facts.today) > facts.daysNeededForUpdate
    ? UpdateStatus.NeedsUpdate
    : UpdateStatus.Active;
}

/** How each update status is labelled in the index ('Needs update' reads 'Update needed'). */
export const updateStatusLabel: Readonly<Record<UpdateStatus, string>> = {
  [UpdateStatus.Active]: 'Active',
  [UpdateStatus.NeedsUpdate]: 'Update needed',
  [UpdateStatus.Inactive]: 'Inactive',
};

/** The 'Update needed' tooltip (spec 001 §2). */
export const needsUpdateTooltip = (days: number) => `It has been ${days} days since last update.`;

/** The 'Active' tooltip: updated within the incubation period (spec 001 §2, wording designed). */
export const activeTooltip = (daysNeededForUpdate: number) =>
  `Updated within the incubation period (${daysNeededForUpdate} days).`;

/** The 'Inactive' tooltip (designed): no reporting period is open. */
export const inactiveTooltip = 'The reporting period is closed.';
