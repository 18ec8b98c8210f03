import type { ReactNode } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { LinkKey } from '@/domain/articles';
import type { ReportJson } from '@/domain/entries/entries-api';
import { EntryType, ReportStatus, entryTypeLabel } from '@/domain/enums';
import { iconBase } from '@/ui/icon-base';
import { formatDay } from '../../index/activity-labels';
import {
  detailsStore,
  editDraft,
  openDetails,
  useDetails,
  validationOutcome,
} from '../details-store';
import { AssociatedArticlesDialog } from './associated-articles-dialog';
import { EditDescriptionButton } from './edit-description-button';
import { EditSituationalUpdateDialog } from './edit-situational-update-dialog';
import { EntryHistoryDialog } from './entry-history-dialog';
import { NestingDialog } from './nesting-dialog';
import { VersionHistoryDialog } from './version-history-dialog';

/** Which entry dialog is open, for which entry. */
type OpenDialog =
  | {
      readonly kind: 'history' | 'nesting' | 'versions' | 'edit';
      readonly report: ReportJson;
      readonly label: string;
    }
  | { readonly kind: 'articles'; readonly report: ReportJson; readonly label: string }
  | {
      readonly kind: 'draft-articles';
      readonly draftKey: string;
      readonly linkKey: LinkKey;
      readonly articleIds: readonly number[];
      readonly label: string;
    };

/** The entry dialogs' store: at most one open (they are modal). */
const entryDialogs = proxy<{ open: OpenDialog | null }>({ open: null });

const close = () => {
  entryDialogs.open = null;
};

/** 'Case Data, Toronto, 2024/01/05': how a dialog names its entry. */
export const entryLabel = (type: EntryType, locationName: string, reportedOn: string) =>
  `${entryTypeLabel[type]}, ${locationName}, ${formatDay(reportedOn.slice(0, 10))}`;

const linkKeyOf = (type: EntryType): LinkKey | null =>
  type === EntryType.CASE_DATA || type === EntryType.AUTO_SURVEILLANCE
    ? 'cases'
    : type === EntryType.TRAVELLER
      ? 'travellers'
      : type === EntryType.DESCRIPTION
        ? 'descriptions'
        : type === EntryType.INACTIVITY
          ? 'inactivities'
          : null;

/** Refreshes the activity after a dialog changed it, unless the analyst has unsaved work. */
function refreshIfClean() {
  const { key, dirty } = detailsStore;
  if (key !== null && !dirty) {
    void openDetails({ diseaseActivityId: key.diseaseActivityId, countryId: key.countryId });
  }
}

/** A small button of a table cell: what it does is its accessible name. */
function CellButton({
  label,
  title,
  onClick,
  children,
}: {
  readonly label: string;
  readonly title?: string;
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title}
      onClick={onClick}
      className="inline-flex h-6 min-w-6 items-center justify-center rounded px-1 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      {children}
    </button>
  );
}

/**
 * The Articles cell of a committed row: the count, opening the associated-articles dialog
 * (Daily Totals and reporting periods take no links and show the count only).
 */
export function ReportArticlesCell({
  report,
  locationName,
}: {
  readonly report: ReportJson;
  readonly locationName: string;
}) {
  const count = report.articles.length;
  if (linkKeyOf(report.type) === null) {
    return count > 0 ? (
      <span className="inline-flex items-center gap-0.5">
        <ArticleIcon /> {count}
      </span>
    ) : null;
  }
  return (
    <CellButton
      label={`Articles of ${entryLabel(report.type, locationName, report.reportedOn)}: ${count}`}
      onClick={() => {
        entryDialogs.open = {
          kind: 'articles',
          report,
          label: entryLabel(report.type, locationName, report.reportedOn),
        };
      }}
    >
      <ArticleIcon /> {count > 0 ? count : '+'}
    </CellButton>
  );
}

/** The Articles cell of an entry being typed: its articles, changed in the form. */
export function DraftArticlesCell({
  draftKey,
  type,
  articleIds,
  locationName,
  reportedOn,
}: {
  readonly draftKey: string;
  readonly type: EntryType;
  readonly articleIds: readonly number[];
  readonly locationName: string;
  readonly reportedOn: string;
}) {
  const linkKey = linkKeyOf(type);
  if (linkKey === null) return null;
  const label = entryLabel(type, locationName, reportedOn || 'new');
  return (
    <CellButton
      label={`Articles of ${label}: ${articleIds.length}`}
      onClick={() => {
        entryDialogs.open = { kind: 'draft-articles', draftKey, linkKey, articleIds, label };
      }}
    >
      <ArticleIcon /> {articleIds.length > 0 ? articleIds.length : '+'}
    </CellButton>
  );
}

/** The User cell: who last changed the entry; opens its audit history (also key H on the row). */
export function ReportUserCell({
  report,
  locationName,
}: {
  readonly report: ReportJson;
  readonly locationName: string;
}) {
  return (
    <CellButton
      title={`${report.updatedByUserName ?? ''} — history (H)`}
      label={`History of ${entryLabel(report.type, locationName, report.reportedOn)}`}
      onClick={() => openEntryHistory(report, locationName)}
    >
      {report.updatedBy ?? '?'}
    </CellButton>
  );
}

function ArticleIcon() {
  return (
    <svg {...iconBase}>
      <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z" />
      <path d="M9.5 1.5v3h3M6 8h4.5M6 10.5h4.5" />
    </svg>
  );
}

/** Opens an entry's audit history (the row's H key). */
export function openEntryHistory(report: ReportJson, locationName: string) {
  entryDialogs.open = {
    kind: 'history',
    report,
    label: entryLabel(report.type, locationName, report.reportedOn),
  };
}

/**
 * The last cell of a committed row: 'Nested' on a Daily Total (the nesting dialog), and on a
 * committed situational update the edit-description icon and its version history.
 */
export function ReportActionsCell({
  report,
  locationName,
}: {
  readonly report: ReportJson;
  readonly locationName: string;
}) {
  const { dirty, validation, detail } = useDetails();
  const label = entryLabel(report.type, locationName, report.reportedOn);
  if (report.reportStatus !== ReportStatus.Committed) return null;
  if (report.type === EntryType.PROCESSED) {
    return (
      <CellButton
        label={`Nested reports of ${label}`}
        title="Nested reports"
        onClick={() => {
          entryDialogs.open = { kind: 'nesting', report, label };
        }}
      >
        <svg {...iconBase}>
          <rect x="2" y="2" width="12" height="12" rx="1" />
          <path d="M5 6h6M7 9h4M7 12h4M5 6v6" />
        </svg>
      </CellButton>
    );
  }
  if (report.type !== EntryType.DESCRIPTION || detail === null) return null;
  return (
    <span className="inline-flex items-center gap-0.5">
      <EditDescriptionButton
        subject={label}
        dirty={dirty}
        validationSucceeded={validationOutcome(validation) === 'succeeded'}
        onEdit={() => {
          entryDialogs.open = { kind: 'edit', report, label };
        }}
      />
      <CellButton
        label={`Version history of ${label}`}
        title="Version history"
        onClick={() => {
          entryDialogs.open = { kind: 'versions', report, label };
        }}
      >
        <svg {...iconBase}>
          <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9M2.5 2.5v2.5h2.5" />
          <path d="M8 5v3l2 1.5" />
        </svg>
      </CellButton>
    </span>
  );
}

/** The open entry dialog, mounted once on the details screen. */
export function EntryDialogsHost() {
  const { open } = useSnapshot(entryDialogs);
  const { key, detail } = useDetails();
  if (open === null || key === null || detail === null) return null;
  const activity = { diseaseActivityId: key.diseaseActivityId, countryId: key.countryId };
  const diseaseId = detail.activity.diseaseId;
  switch (open.kind) {
    case 'history':
      return (
        <EntryHistoryDialog
          open
          diseaseActivityId={activity.diseaseActivityId}
          reportId={open.report.id}
          entryLabel={open.label}
          onClose={close}
        />
      );
    case 'nesting':
      return (
        <NestingDialog
          open
          activity={activity}
          locationId={open.report.locationId}
          reportedOn={open.report.reportedOn.slice(0, 10)}
          onClose={close}
        />
      );
    case 'versions':
      return (
        <VersionHistoryDialog open activity={activity} reportId={open.report.id} onClose={close} />
      );
    case 'edit':
      return (
        <EditSituationalUpdateDialog
          open
          activity={activity}
          version={detail.version}
          report={open.report}
          onClose={close}
          onSaved={() => {
            close();
            refreshIfClean();
          }}
        />
      );
    case 'articles': {
      const linkKey = linkKeyOf(open.report.type);
      if (linkKey === null) return null;
      return (
        <AssociatedArticlesDialog
          open
          diseaseId={diseaseId}
          entry={{
            label: open.label,
            linkKey,
            reportId: open.report.id,
            committed: open.report.reportStatus === ReportStatus.Committed,
            readOnly: open.report.type === EntryType.AUTO_SURVEILLANCE,
          }}
          articleIds={open.report.articles}
          onClose={close}
          onArticlesChange={() => undefined}
          onLinked={() => {
            close();
            refreshIfClean();
          }}
        />
      );
    }
    case 'draft-articles':
      return (
        <AssociatedArticlesDialog
          open
          diseaseId={diseaseId}
          entry={{
            label: open.label,
            linkKey: open.linkKey,
            reportId: null,
            committed: false,
            readOnly: false,
          }}
          articleIds={open.articleIds}
          onClose={close}
          onArticlesChange={(ids) => {
            editDraft(open.draftKey, 'articles', [...ids]);
            if (entryDialogs.open?.kind === 'draft-articles') {
              entryDialogs.open = { ...entryDialogs.open, articleIds: [...ids] };
            }
          }}
          onLinked={close}
        />
      );
  }
}
