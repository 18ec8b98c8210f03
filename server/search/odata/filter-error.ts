import { SearchRequestError } from '../errors';

const MAX_ECHO = 120;

/** A 400 for `$filter`, worded as Azure does: "Invalid expression: …". */
export function filterError(message: string): SearchRequestError {
  return new SearchRequestError(`Invalid expression: ${message}`, '$filter');
}

/**
 * The filter text to quote in a message: all of it when short, else an excerpt around
 * `position` (a 32 KB filter should not come back whole in every error).
 */
export function excerpt(text: string, position: number): string {
  if (text.length <= MAX_ECHO) return text;
  const start = Math.max(0, position - MAX_ECHO / 2);
  const end = Math.min(text.length, start + MAX_ECHO);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** "Invalid expression: Syntax error at position 17 in 'isRead eq tru': <detail>." */
export function syntaxError(text: string, position: number, detail: string): SearchRequestError {
  return filterError(
    `Syntax error at position ${position} in '${excerpt(text, position)}': ${detail}.`,
  );
}
