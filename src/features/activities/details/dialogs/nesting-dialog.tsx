import { getEngine } from '@/app/engine';
import { displayDay } from '@/domain/calendar-day';
import { caseFigureLabel, caseFigures } from '@/domain/entries/case-figures';
import type { NestingDetailJson } from '@/domain/entries/entries-api';
import { Modal } from '@/ui/modal';
import type { DialogActivityKey } from '@workers/engine-contract';
import { LoadedBody } from './dialog-states';
import { useEngineLoad } from './use-engine-load';

/** Props of {@link NestingDialog}. */
export interface NestingDialogProps {
  readonly open: boolean;
  readonly activity: DialogActivityKey;
  readonly locationId: number;
  /** The day asked about, YYYY-MM-DD (the entry's reported-on date). */
  readonly reportedOn: string;
  readonly onClose: () => void;
}

/**
 * The nesting dialog (spec 001 §2, §3 "Nesting detail"): a location's cumulative figures on a
 * day and the sub-locations they are rolled up from, as a tree; where a place's figures are
 * the sum of its sub-locations, what was entered for the place itself is shown beside them.
 */
export function NestingDialog({
  open,
  activity,
  locationId,
  reportedOn,
  onClose,
}: NestingDialogProps) {
  const { loaded, reload } = useEngineLoad(
    open,
    `${activity.diseaseActivityId}/${activity.countryId}/${locationId}/${reportedOn}`,
    () => getEngine().getNesting(activity, locationId, reportedOn),
  );
  return (
    <Modal open={open} title="Nested reports" onCancel={onClose} labels={{ cancel: 'Close' }}>
      <LoadedBody loaded={loaded} what="the nested reports" onRetry={reload}>
        {(answer) => (
          <div className="flex flex-col gap-3">
            <p className="text-slate-700">
              Cumulative figures on {displayDay(answer.reportedOn)}
              {answer.countingFrom === null
                ? '.'
                : `, counted from ${displayDay(answer.countingFrom.slice(0, 10))} (the reporting period's reset).`}
            </p>
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Nested reports of {answer.nesting.locationName}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th className="py-1 pr-3 font-medium">Location</th>
                  {caseFigures.map((f) => (
                    <th key={f} className="py-1 pr-3 text-right font-medium">
                      {caseFigureLabel[f]}
                    </th>
                  ))}
                  <th className="py-1 font-medium">Last Daily Total</th>
                </tr>
              </thead>
              <tbody>
                <NestingRows node={answer.nesting} depth={0} />
              </tbody>
            </table>
          </div>
        )}
      </LoadedBody>
    </Modal>
  );
}

function NestingRows({
  node,
  depth,
}: {
  readonly node: NestingDetailJson;
  readonly depth: number;
}) {
  return (
    <>
      <tr className={`border-b border-slate-100 ${depth === 0 ? 'font-medium' : ''}`}>
        <th
          scope="row"
          className="py-1 pr-3 font-normal"
          style={{ paddingLeft: `${depth * 1.25}rem` }}
        >
          {node.locationName}
          {node.isNestingEntry && (
            <span className="ml-2 rounded bg-slate-100 px-1 text-xs text-slate-600">
              sum of sub-locations
            </span>
          )}
        </th>
        {caseFigures.map((f) => {
          const shown = node.cumulativeCases[f];
          const own = node.userEnteredCumulativeCases[f];
          return (
            <td key={f} className="py-1 pr-3 text-right tabular-nums">
              {shown ?? <span className="text-slate-400">—</span>}
              {node.isNestingEntry && own !== null && own !== shown && (
                <span className="block text-xs text-slate-500">entered {own}</span>
              )}
            </td>
          );
        })}
        <td className="py-1 tabular-nums text-slate-600">
          {node.reportedOn === null ? '—' : displayDay(node.reportedOn.slice(0, 10))}
        </td>
      </tr>
      {node.subNestingDetail.map((sub) => (
        <NestingRows key={sub.locationId} node={sub} depth={depth + 1} />
      ))}
    </>
  );
}
