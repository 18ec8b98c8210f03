import { messages } from '../messages';
import type { ValidateAnswerJson } from './entries-api';
import type { EntryMessage } from './entry-message';
import { hasErrors, serverMessages } from './entry-message';
import type { SubmissionResult } from './submission';

/**
 * The answer of a validate (spec 001 §7) made of the rules' result: the Daily Totals a commit
 * would write, every message, the messages per location (the warning cards), and the success
 * line. The server answers POST …/validate with it; the worker's pre-check answers the same.
 */
export function validateAnswerOf(
  result: SubmissionResult,
  locationName: (locationId: number) => string,
): ValidateAnswerJson {
  const all: EntryMessage[] = [...result.entries.flatMap((e) => e.messages), ...result.general];
  const byLocation = new Map<number, EntryMessage[]>();
  for (const e of result.entries) {
    const list = byLocation.get(e.locationId) ?? [];
    list.push(...e.messages);
    byLocation.set(e.locationId, list);
  }
  return {
    processedReports: result.dailyTotals.map((t) => ({
      locationId: t.locationId,
      locationName: locationName(t.locationId),
      reportedOn: t.reportedOn,
      ...t.counts,
      articles: t.articles,
      sourceId: t.sourceId,
      autoSurveillanceCaseId: t.autoSurveillanceCaseId,
      userEntriesCount: t.userEntriesCount,
      isPastEntry: t.isPastEntry,
      isPropagationEntry: t.isPropagationEntry,
    })),
    messages: serverMessages(all),
    locations: [...byLocation]
      .filter(([, list]) => list.length > 0)
      .map(([locationId, list]) => ({
        locationId,
        locationName: locationName(locationId),
        messages: serverMessages(list),
      })),
    result: hasErrors(all)
      ? null
      : result.dailyTotals.length > 0
        ? messages.followingProcessedRows
        : messages.noProcessedRows,
  };
}
