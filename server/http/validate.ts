import { Either, ParseResult, Schema } from 'effect';
import { badRequest } from './errors';

const expected = /^Expected (.+), actual (.+)$/s;

/**
 * Readable messages for a failed decode: 'field.path: what was expected, what came'. A union
 * (a literal list such as logLevel) fails once per member; those become one message.
 */
export function parseErrorMessages(error: ParseResult.ParseError): string[] {
  const byPath = new Map<string, string[]>();
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const path = issue.path.join('.');
    const list = byPath.get(path);
    if (list) list.push(issue.message);
    else byPath.set(path, [issue.message]);
  }
  return [...byPath].map(([path, issues]) => {
    const parts = issues.map((m) => expected.exec(m));
    const actuals = new Set(parts.map((p) => p?.[2]));
    const merged =
      issues.length > 1 && parts.every((p) => p !== null) && actuals.size === 1
        ? `Expected ${parts.map((p) => p?.[1]).join(' | ')}, actual ${parts[0]?.[2] ?? ''}`
        : [...new Set(issues)].join('; ');
    return path === '' ? merged : `${path}: ${merged}`;
  });
}

/**
 * Decodes a request body (or query, or params) with an effect Schema, or throws a 400 listing
 * every problem. Excess properties are dropped, not rejected, so older clients keep working.
 */
export function decodeOr400<A, I>(schema: Schema.Schema<A, I, never>, input: unknown): A {
  if (input === undefined || input === null) throw badRequest(['A request body is required.']);
  const result = Schema.decodeUnknownEither(schema, {
    errors: 'all',
    onExcessProperty: 'ignore',
  })(input);
  if (Either.isRight(result)) return result.right;
  throw badRequest(parseErrorMessages(result.left));
}
