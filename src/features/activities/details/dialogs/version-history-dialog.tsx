import { getEngine } from '@/app/engine';
import { displayDay } from '@/domain/calendar-day';
import type { DescriptionReportJson } from '@/domain/entries/entries-api';
import { EmptyState } from '@/ui/empty-state';
import { Modal } from '@/ui/modal';
import { SanitizedHtml } from '@/ui/sanitized-html';
import type { DialogActivityKey } from '@workers/engine-contract';
import { formatLocalTime } from '../../index/activity-labels';
import { LoadedBody, richTextClass } from './dialog-states';
import { useEngineLoad } from './use-engine-load';

/** Props of {@link VersionHistoryDialog}. */
export interface VersionHistoryDialogProps {
  readonly open: boolean;
  readonly activity: DialogActivityKey;
  /** The situational update (description report) whose versions are shown. */
  readonly reportId: number;
  readonly onClose: () => void;
}

type Version = DescriptionReportJson['versions'][number];

/**
 * The version-history dialog (spec 001 §2): a situational update as it reads now and each
 * earlier wording, latest first, with who changed it, when and why.
 */
export function VersionHistoryDialog({
  open,
  activity,
  reportId,
  onClose,
}: VersionHistoryDialogProps) {
  const { loaded, reload } = useEngineLoad(
    open,
    `${activity.diseaseActivityId}/${activity.countryId}/${reportId}`,
    () => getEngine().getDescriptionReport(activity, reportId),
  );
  return (
    <Modal open={open} title="Version history" onCancel={onClose} labels={{ cancel: 'Close' }}>
      <LoadedBody loaded={loaded} what="the version history" onRetry={reload}>
        {({ report, versions }) => (
          <div className="flex flex-col gap-4">
            <VersionCard
              heading="Current version"
              reportedOn={report.reportedOn}
              title={report.title ?? null}
              importance={report.importance ?? null}
              updateReason={report.updateReason ?? null}
              by={report.updatedByUserName}
              at={report.reportCollection.commitDate}
              description={report.description ?? ''}
            />
            {versions.length === 0 ? (
              <EmptyState
                title="No earlier versions"
                description="This situational update has not been edited since it was committed."
              />
            ) : (
              versions.map((v: Version) => (
                <VersionCard
                  key={v.version}
                  heading={`Version ${v.version}`}
                  reportedOn={v.reportedOn}
                  title={v.title}
                  importance={v.importance}
                  updateReason={v.updateReason}
                  by={v.updatedBy}
                  at={v.createdAt}
                  description={v.description}
                />
              ))
            )}
          </div>
        )}
      </LoadedBody>
    </Modal>
  );
}

function VersionCard(props: {
  readonly heading: string;
  readonly reportedOn: string;
  readonly title: string | null;
  readonly importance: string | null;
  readonly updateReason: string | null;
  readonly by: string | null;
  readonly at: string | null;
  readonly description: string;
}) {
  return (
    <article className="rounded border border-slate-200 p-3">
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{props.heading}</h3>
        <span className="text-xs text-slate-600">
          Reported on {displayDay(props.reportedOn.slice(0, 10))}
        </span>
        {props.importance !== null && (
          <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">
            {props.importance}
          </span>
        )}
        {props.updateReason !== null && (
          <span className="text-xs text-slate-600">{props.updateReason}</span>
        )}
        <span className="ml-auto text-xs text-slate-500">
          {[props.by, props.at === null ? null : formatLocalTime(props.at)]
            .filter((part) => part !== null)
            .join(' · ')}
        </span>
      </header>
      {props.title !== null && props.title !== '' && (
        <p className="mb-1 font-medium text-slate-900">{props.title}</p>
      )}
      <SanitizedHtml html={props.description} className={`${richTextClass} text-slate-800`} />
    </article>
  );
}
