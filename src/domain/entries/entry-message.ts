import type { LeveledMessage } from '../api-errors';
import { formatMessageLevel } from '../api-errors';
import { MessageLevel } from '../enums';

/** A validation message with its level and, when it belongs to one input, that field's path. */
export interface EntryMessage extends LeveledMessage {
  /** e.g. 'reportedCases.newCases', 'title'; absent when it concerns the whole entry. */
  readonly field?: string;
}

/** An error (blocks validate and commit). */
export const error = (message: string, field?: string): EntryMessage =>
  field === undefined
    ? { level: MessageLevel.ERROR, message }
    : { level: MessageLevel.ERROR, message, field };

/** A low-impact warning. */
export const warningLow = (message: string, field?: string): EntryMessage =>
  field === undefined
    ? { level: MessageLevel.WARNINGLOW, message }
    : { level: MessageLevel.WARNINGLOW, message, field };

/** A high-impact warning. */
export const warningHigh = (message: string): EntryMessage => ({
  level: MessageLevel.WARNINGHIGH,
  message,
});

/** True when any message is an error. */
export const hasErrors = (list: readonly EntryMessage[]): boolean =>
  list.some((m) => m.level === MessageLevel.ERROR);

/**
 * The highest level among warnings (WARNINGHIGH over WARNINGLOW), null when there are none:
 * what the form's accept action becomes (accept-warnings-high or accept-warnings-low).
 */
export function warningLevel(list: readonly EntryMessage[]): MessageLevel | null {
  if (list.some((m) => m.level === MessageLevel.WARNINGHIGH)) return MessageLevel.WARNINGHIGH;
  if (list.some((m) => m.level === MessageLevel.WARNINGLOW)) return MessageLevel.WARNINGLOW;
  return null;
}

/** The messages as the server sends them (prefixed warnings), each text once, in order. */
export function serverMessages(list: readonly EntryMessage[]): string[] {
  return [...new Set(list.map(formatMessageLevel))];
}
