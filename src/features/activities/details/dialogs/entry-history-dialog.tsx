import { getEngine } from '@/app/engine';
import { EmptyState } from '@/ui/empty-state';
import { Modal } from '@/ui/modal';
import { auditChanges } from './audit-changes';
import { LoadedBody } from './dialog-states';
import { useEngineLoad } from './use-engine-load';
import { formatLocalTime } from '../../index/activity-labels';

/** Props of {@link EntryHistoryDialog}. */
export interface EntryHistoryDialogProps {
  readonly open: boolean;
  readonly diseaseActivityId: number;
  readonly reportId: number;
  /** What the entry is, e.g. 'Case Data, Toronto, 2024/01/03'. */
  readonly entryLabel: string;
  readonly onClose: () => void;
}

/**
 * The audit history of one entry (issue 7: "one key away", as DHIS2 keeps an audit log per
 * value): who did what and when, latest first, with each changed field before and after.
 */
export function EntryHistoryDialog({
  open,
  diseaseActivityId,
  reportId,
  entryLabel,
  onClose,
}: EntryHistoryDialogProps) {
  const { loaded, reload } = useEngineLoad(open, `${diseaseActivityId}/${reportId}`, () =>
    getEngine().getEntryHistory(diseaseActivityId, reportId),
  );
  return (
    <Modal
      open={open}
      title={`History · ${entryLabel}`}
      onCancel={onClose}
      labels={{ cancel: 'Close' }}
    >
      <LoadedBody loaded={loaded} what="the entry's history" onRetry={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState
              title="No history"
              description="Nothing has been recorded for this entry."
            />
          ) : (
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">History of {entryLabel}, latest first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th className="py-1 pr-3 font-medium">When</th>
                  <th className="py-1 pr-3 font-medium">Who</th>
                  <th className="py-1 pr-3 font-medium">Action</th>
                  <th className="py-1 font-medium">Changes</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const changes = auditChanges(row.detail);
                  return (
                    <tr key={index} className="border-b border-slate-100 align-top">
                      <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                        {formatLocalTime(row.at)}
                      </td>
                      <td className="py-1.5 pr-3">{row.userName ?? 'System'}</td>
                      <td className="py-1.5 pr-3 capitalize">{row.action}</td>
                      <td className="py-1.5">
                        {changes.length === 0 ? (
                          <span className="text-slate-400">—</span>
                        ) : (
                          <ul className="flex flex-col gap-0.5">
                            {changes.map((c) => (
                              <li key={c.field}>
                                <span className="text-slate-600">{c.field}:</span>{' '}
                                {c.before !== '' && (
                                  <>
                                    <del className="text-slate-500">{c.before}</del> →{' '}
                                  </>
                                )}
                                <span className="text-slate-900">{c.after || '(empty)'}</span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )
        }
      </LoadedBody>
    </Modal>
  );
}
