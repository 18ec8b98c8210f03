import { UpdateStatus } from '@/domain/enums';
import {
  activeTooltip,
  inactiveTooltip,
  needsUpdateTooltip,
  updateStatusLabel,
} from '@/domain/update-status';
import type { DiseaseActivityListItem } from '@/domain/disease-activities';
import { HoverTooltip } from '@/ui/hover-tooltip';

const badgeClass: Readonly<Record<UpdateStatus, string>> = {
  [UpdateStatus.Active]: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  [UpdateStatus.NeedsUpdate]: 'bg-amber-50 text-amber-900 ring-amber-300',
  [UpdateStatus.Inactive]: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** 'Active', 'Update needed' or 'Inactive', with its tooltip (spec 001 §2). */
export function UpdateStatusCell({
  row,
}: {
  readonly row: Pick<
    DiseaseActivityListItem,
    'activityStatus' | 'daysNeededForUpdate' | 'daysSinceLastUpdate'
  >;
}) {
  const status = row.activityStatus;
  const tooltip =
    status === UpdateStatus.NeedsUpdate
      ? needsUpdateTooltip(row.daysSinceLastUpdate)
      : status === UpdateStatus.Active
        ? activeTooltip(row.daysNeededForUpdate)
        : inactiveTooltip;
  return (
    <HoverTooltip label={`${updateStatusLabel[status]}. ${tooltip}`} content={tooltip}>
      <span
        className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${badgeClass[status]}`}
      >
        {updateStatusLabel[status]}
      </span>
    </HoverTooltip>
  );
}
