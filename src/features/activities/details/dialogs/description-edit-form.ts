import { isCalendarDay } from '@/domain/calendar-day';
import type { DescriptionEditBody, ReportJson } from '@/domain/entries/entries-api';
import { hasErrors, type EntryMessage } from '@/domain/entries/entry-message';
import { validateDescriptionEdit } from '@/domain/entries/entry-validation';
import type { Importance } from '@/domain/enums';
import { updateReasons } from '@/domain/entries/update-reasons';

export { updateReasons };

/** The edit-situational-update form while it is typed. */
export interface DescriptionDraft {
  /** What is in the date box, YYYY/MM/DD. */
  readonly reportedOnText: string;
  readonly title: string;
  /** Rich text from the editor ('' when empty). */
  readonly description: string;
  readonly importance: Importance | null;
  readonly updateReason: string | null;
}

/** The draft an edit opens with: the committed update as it reads now, no reason yet. */
export function descriptionDraftOf(report: ReportJson): DescriptionDraft {
  return {
    reportedOnText: report.reportedOn.slice(0, 10).replaceAll('-', '/'),
    title: report.title ?? '',
    description: report.description ?? '',
    importance: report.importance ?? null,
    updateReason: null,
  };
}

/** The YYYY-MM-DD of a typed YYYY/MM/DD (or YYYY-MM-DD), or null when it is not a real day. */
export function dayOfText(text: string): string | null {
  const day = text.trim().replaceAll('/', '-');
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDay(day) ? day : null;
}

/**
 * What the versions update sends, or the spec 001 §5 "Description edit" messages that stop it
 * (the server checks the same rules again).
 */
export function descriptionEditOf(
  draft: DescriptionDraft,
):
  | { readonly body: DescriptionEditBody; readonly messages: readonly EntryMessage[] }
  | { readonly messages: readonly EntryMessage[] } {
  const reportedOn = dayOfText(draft.reportedOnText);
  const title = draft.title.trim() === '' ? null : draft.title.trim();
  const messages = validateDescriptionEdit({
    reportedOn,
    title,
    description: draft.description,
    importance: draft.importance,
    updateReason: draft.updateReason,
  });
  if (hasErrors(messages)) return { messages };
  return {
    body: {
      reportedOn,
      title,
      description: draft.description,
      importance: draft.importance,
      updateReason: draft.updateReason,
    },
    messages,
  };
}
