import { validateOverview, type FieldMessage } from '@/domain/disease-activities';
import type { ActivityDetailJson, OverviewBody } from '@/domain/entries/entries-api';

/** The 'Edit overview' form while it is typed: numbers may be blank, the risk model unset. */
export interface OverviewDraft {
  readonly riskModelId: number | null;
  readonly publiclyVisible: boolean;
  readonly daysNeededForUpdate: number | null;
  readonly allowedDaysGap: number | null;
  readonly notes: string;
}

/** The draft an 'Edit overview' opens with: the activity's country details as they are. */
export function overviewDraftOf(detail: ActivityDetailJson): OverviewDraft {
  const { riskModelId, publiclyVisible, daysNeededForUpdate, allowedDaysGap, notes } =
    detail.activity.countryDetails;
  return { riskModelId, publiclyVisible, daysNeededForUpdate, allowedDaysGap, notes };
}

/** What SAVE OVERVIEW sends, or the §5 messages that stop it (the server checks again). */
export function overviewBodyOf(
  draft: OverviewDraft,
  today: string,
): { readonly body: OverviewBody } | { readonly messages: readonly FieldMessage[] } {
  const messages = validateOverview(draft, today);
  const { riskModelId, daysNeededForUpdate, allowedDaysGap } = draft;
  if (
    messages.length > 0 ||
    riskModelId === null ||
    daysNeededForUpdate === null ||
    allowedDaysGap === null
  ) {
    return { messages };
  }
  return {
    body: {
      riskModelId,
      publiclyVisible: draft.publiclyVisible,
      daysNeededForUpdate,
      allowedDaysGap,
      notes: draft.notes,
    },
  };
}
