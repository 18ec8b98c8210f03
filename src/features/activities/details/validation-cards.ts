import { parseMessageLevel } from '@domain/api-errors';
import { MessageLevel } from '@domain/enums';
import type { ValidationState } from './details-state';

/** The leveled messages of one location's card. */
export const cardMessages = (list: readonly string[]) => list.map(parseMessageLevel);

/** Whether a card has an error (errors hide its warnings and block commit). */
export const cardHasError = (list: readonly string[]) =>
  cardMessages(list).some((m) => m.level === MessageLevel.ERROR);

/** What a card shows: its errors when it has any (they hide its warnings), else everything. */
export function shownCardMessages(list: readonly string[]) {
  const all = cardMessages(list);
  const errors = all.filter((m) => m.level === MessageLevel.ERROR);
  return errors.length > 0 ? errors : all;
}

/** Where validation stands: errors, warnings left to confirm, or success. */
export function validationOutcome(
  v: ValidationState | null,
): 'none' | 'errors' | 'unconfirmed' | 'succeeded' {
  if (v === null) return 'none';
  if (v.answer.result === null || v.answer.locations.some((l) => cardHasError(l.messages))) {
    return 'errors';
  }
  const warned = v.answer.locations.filter((l) => l.messages.length > 0);
  return warned.every((l) => v.confirmed.includes(l.locationId)) ? 'succeeded' : 'unconfirmed';
}

/** Whether the validated entries carry high-impact warnings (commit asks once more). */
export const hasHighWarnings = (v: ValidationState | null): boolean =>
  v !== null &&
  v.answer.messages.some((m) => parseMessageLevel(m).level === MessageLevel.WARNINGHIGH);
