import { commitStatusLabel } from '@/domain/commit-status';
import { CommitStatus } from '@/domain/enums';
import { HoverTooltip } from '@/ui/hover-tooltip';
import { iconBase } from '@/ui/icon-base';

const visibleText = 'Visible to Insights users';
const invisibleText = 'Not visible to Insights users';

/** The visibility column: an open eye (visible to 'Insights' users) or a struck-out eye. */
export function VisibilityIcon({ isVisible }: { readonly isVisible: boolean }) {
  return (
    <HoverTooltip
      label={isVisible ? 'Visible' : 'Invisible'}
      content={isVisible ? visibleText : invisibleText}
      className={isVisible ? 'text-accent-700' : 'text-slate-400'}
    >
      <EyeGlyph struck={!isVisible} />
    </HoverTooltip>
  );
}

/** An eye, struck out for 'not visible' (also the visibility column's heading). */
export function EyeGlyph({ struck = false }: { readonly struck?: boolean }) {
  return (
    <svg {...iconBase}>
      <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
      <circle cx="8" cy="8" r="2" />
      {struck && <path d="M2.5 13.5 13.5 2.5" />}
    </svg>
  );
}

const commitIconClass: Readonly<Record<CommitStatus, string>> = {
  [CommitStatus.New]: 'text-sky-600',
  [CommitStatus.Uncommitted]: 'text-amber-600',
  [CommitStatus.PartiallyCommitted]: 'text-amber-600',
  [CommitStatus.FullyCommitted]: 'text-emerald-700',
  [CommitStatus.AutoCommitted]: 'text-violet-700',
  [CommitStatus.UserCommitted]: 'text-emerald-700',
};

function CommitGlyph({ status }: { readonly status: CommitStatus }) {
  switch (status) {
    case CommitStatus.New:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 5v6M5 8h6" />
        </svg>
      );
    case CommitStatus.Uncommitted:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="8" r="6" strokeDasharray="2.2 1.6" />
        </svg>
      );
    case CommitStatus.PartiallyCommitted:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 2a6 6 0 0 1 0 12Z" fill="currentColor" />
        </svg>
      );
    case CommitStatus.FullyCommitted:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="8" r="6" fill="currentColor" fillOpacity="0.15" />
          <path d="m5.2 8.2 1.9 1.9 3.7-4" />
        </svg>
      );
    case CommitStatus.AutoCommitted:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="8" r="6" fill="currentColor" fillOpacity="0.15" />
          <path d="M5.6 11 8 4.8l2.4 6.2M6.5 9h3" />
        </svg>
      );
    case CommitStatus.UserCommitted:
      return (
        <svg {...iconBase}>
          <circle cx="8" cy="5.5" r="2.2" />
          <path d="M3.5 13.5c.6-2.3 2.4-3.5 4.5-3.5s3.9 1.2 4.5 3.5" />
        </svg>
      );
  }
}

/** The commit status column: one icon per status, named in its tooltip. */
export function CommitStatusIcon({ status }: { readonly status: CommitStatus }) {
  return (
    <HoverTooltip
      label={commitStatusLabel[status]}
      content={commitStatusLabel[status]}
      className={commitIconClass[status]}
    >
      <CommitGlyph status={status} />
    </HoverTooltip>
  );
}
