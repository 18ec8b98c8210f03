import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How much structure a JSON body may have; checked on the raw text before JSON.parse. */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects. */
  readonly maxDepth: number;
  /** Most members of any one array or object. */
  readonly maxMembers: number;
  /** Most arrays and objects in the whole body (each is an allocation). */
  readonly maxContainers: number;
  /**
   * Most values in the whole body (members of every array and object): what JSON.parse and
   * every later walk cost grows with (7.4 M numbers stalled the server for seconds; issue 30).
   */
  readonly maxValues: number;
}

/**
 * Generous for every body IST sends (an entries submission of 1,000 case entries, a docs/index
 * batch of 1,000 documents), far below what stalls a parse: a 15 MB body of 5 million empty
 * arrays parsed for 2 s and held 2 GB (issue 16).
 */
export const defaultJsonBounds: JsonBounds = {
  maxDepth: 32,
  maxMembers: 100_000,
  maxContainers: 200_000,
  maxValues: 500_000,
};

/**
 * The /api routes' bounds (issue 30): an entries submission of 1,000 case entries (all four
 * figures, a source each) has 5,002 arrays and objects and about 18,000 values; these leave
 * room four times over while one body's parse and walk stay within the stall budget
 * (docs/security.md). The search service's index batches (admin key only) keep the defaults.
 */
export const apiJsonBounds: JsonBounds = {
  maxDepth: 32,
  maxMembers: 20_000,
  maxContainers: 20_000,
  maxValues: 100_000,
};

const [openArray, closeArray, openObject, closeObject, comma, quote, backslash] = [
  0x5b, 0x5d, 0x7b, 0x7d, 0x2c, 0x22, 0x5c,
];

/**
 * One linear pass over the text (strings skipped, escapes honoured): the first bound it
 * breaks, in plain words, or undefined. Not a validator: JSON.parse still judges the syntax.
 */
export function jsonBoundsBroken(text: string, bounds: JsonBounds): string | undefined {
  const members = new Int32Array(bounds.maxDepth + 1);
  let depth = 0;
  let containers = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      // The string's end: the next quote not escaped (an even run of backslashes before it),
      // found by the native indexOf rather than a loop over every character of the text.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end === -1) break;
        let slashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === backslash; k--) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end === -1 ? text.length : end;
    } else if (c === openArray || c === openObject) {
      if (++depth > bounds.maxDepth) {
        return `The JSON body is nested deeper than ${bounds.maxDepth} levels.`;
      }
      if (++containers > bounds.maxContainers) {
        return `The JSON body has more than ${bounds.maxContainers} arrays and objects.`;
      }
      members[depth] = 0;
    } else if (c === closeArray || c === closeObject) {
      if (depth > 0) depth--;
    } else if (c === comma && depth > 0) {
      if (++values >= bounds.maxValues) {
        return `The JSON body has more than ${bounds.maxValues} values.`;
      }
      // n commas separate n + 1 members.
      const count = (members[depth] ?? 0) + 1;
      members[depth] = count;
      if (count >= bounds.maxMembers) {
        return `An array or object in the JSON body has more than ${bounds.maxMembers} members.`;
      }
    }
  }
  return undefined;
}

/** A body whose structure breaks the bounds: 400 before any parse (fastify's error shape). */
class JsonBoundsError extends Error {
  readonly statusCode = 400;
  readonly code = 'IST_JSON_BOUNDS';
}

/**
 * Replaces the app's JSON body parser with fastify's own (prototype-poisoning checks kept)
 * behind the bounds check. Registered before any route plugin, so every route inherits it.
 */
export function installBoundedJsonParser(
  app: FastifyInstance,
  boundsOf: (request: FastifyRequest) => JsonBounds = () => defaultJsonBounds,
): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const broken = jsonBoundsBroken(text, boundsOf(request));
    if (broken !== undefined) {
      done(new JsonBoundsError(broken), undefined);
      return;
    }
    parse(request, text, done);
  });
}
