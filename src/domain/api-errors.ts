import { MessageLevel } from './enums';
import { messages } from './messages';

/** The body the API sends with 400 and 500: `{ "errors": [ ... ] }`. */
export interface ApiErrorBody {
  readonly errors: readonly string[];
}

/** A server message with its level: WARNINGLOW / WARNINGHIGH prefixes (any case) make warnings. */
export interface LeveledMessage {
  readonly level: MessageLevel;
  readonly message: string;
}

const warningPrefix = /^(warninglow|warninghigh)\s*[:-]?\s*/i;

/** Parses a server message into its level, removing the warning prefix. Anything else is an error. */
export function parseMessageLevel(raw: string): LeveledMessage {
  const match = warningPrefix.exec(raw);
  if (!match?.[1]) return { level: MessageLevel.ERROR, message: raw };
  const level =
    match[1].toUpperCase() === MessageLevel.WARNINGHIGH
      ? MessageLevel.WARNINGHIGH
      : MessageLevel.WARNINGLOW;
  return { level, message: raw.slice(match[0].length) };
}

/** True when a response body carries a non-empty errors list. */
export function hasErrorList(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return false;
  const errors: unknown = body.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string');
}

/** The alert text for a 400/500 with errors: 'IST Error: ' + messages joined with '. '. */
export function istErrorText(errors: readonly string[]): string {
  return messages.istErrorPrefix + errors.join('. ');
}

/**
 * The server's form of a leveled message, the inverse of {@link parseMessageLevel}: a warning
 * gets its WARNINGLOW / WARNINGHIGH prefix, an error goes as it is.
 */
export function formatMessageLevel(message: LeveledMessage): string {
  return message.level === MessageLevel.ERROR
    ? message.message
    : `${message.level}: ${message.message}`;
}
