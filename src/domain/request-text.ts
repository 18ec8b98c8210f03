/**
 * What IST takes as text in a request (issue 16). Text is any Unicode text PostgreSQL can store:
 * every character but NUL (U+0000), and no half of a UTF-16 surrogate pair on its own (a lone
 * surrogate is not a character; it cannot be written as UTF-8). Such text is refused with a 400
 * in plain words, not stripped: what the analyst sent is either stored as sent or not at all.
 * Checked once for every request's body and query (server/http/request-text.ts), so a field
 * added later is covered without remembering to.
 *
 * Text nobody typed (a feed item, ingested unattended: nobody to answer a 400) is cleaned
 * instead with `storableText`: NUL removed, each lone surrogate replaced by U+FFFD (the
 * replacement character, as every UTF-8 encoder writes one); the caller logs that it did.
 */

/** Why `text` cannot be stored, in plain words naming `where` it is, or undefined. */
export function textProblem(text: string, where: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return requestTextMessages.nul(where);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      // A high surrogate followed by a low one is one character (an emoji, say): step over it.
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return requestTextMessages.loneSurrogate(where, c);
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return requestTextMessages.loneSurrogate(where, c);
    }
  }
  return undefined;
}

/** The replacement character a lone surrogate becomes in `storableText`. */
export const replacementCharacter = '\uFFFD';

/**
 * `text` as PostgreSQL can store it: NUL removed, each lone surrogate replaced by U+FFFD. The
 * same string when it is text already (the common case costs one scan, no copy).
 */
export function storableText(text: string): string {
  if (textProblem(text, '') === undefined) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else out += replacementCharacter;
    } else if (c >= 0xdc00 && c <= 0xdfff) out += replacementCharacter;
    else out += text[i] ?? '';
  }
  return out;
}

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

export const requestTextMessages = {
  nul: (where: string) =>
    `${where} contains the NUL character (U+0000), which IST cannot store. Remove it and try again.`,
  loneSurrogate: (where: string, code: number) =>
    `${where} contains a broken character (U+${hex(code)}, half of a character pair), which IST cannot store. Remove it and try again.`,
};

/** A readable name for a member of a body: 'title', 'cases[0].notes', 'The request body'. */
function pathName(path: string): string {
  return path === '' ? 'The request body' : path;
}

/** An array or object being walked: its members (an object's names, read once) and the next one. */
interface Frame {
  readonly container: readonly unknown[] | Readonly<Record<string, unknown>>;
  readonly names: readonly string[] | undefined;
  next: number;
}

/** The path of the member `frames` stand at: built only when a problem is found. */
function pathOf(at: string, frames: readonly Frame[]): string {
  let path = at;
  for (const frame of frames) {
    const i = frame.next - 1;
    const name = frame.names?.[i];
    path = name === undefined ? `${path}[${i}]` : path === '' ? name : `${path}.${name}`;
  }
  return path;
}

/**
 * The first string in a decoded JSON value (member names included) that is not text, as a
 * plain-words message naming where it is; undefined when every string is text. Iterative, so a
 * deep body cannot overflow the stack, and linear: one frame per array or object, nothing per
 * element (a body of millions of numbers costs one pass; issue 30), the path spelt out only
 * for the message.
 */
export function firstTextProblem(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return textProblem(value, pathName(at));
  const frames: Frame[] = [];
  const enter = (item: unknown): string | undefined => {
    if (Array.isArray(item)) {
      frames.push({ container: item as readonly unknown[], names: undefined, next: 0 });
    } else if (typeof item === 'object' && item !== null) {
      const names = Object.keys(item);
      for (const name of names) {
        if (textProblem(name, '') !== undefined) {
          return textProblem(name, `A member name in ${pathName(pathOf(at, frames))}`);
        }
      }
      frames.push({ container: item as Readonly<Record<string, unknown>>, names, next: 0 });
    }
    return undefined;
  };
  let problem = enter(value);
  while (problem === undefined && frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const { container, names } = frame;
    const array = names === undefined ? (container as readonly unknown[]) : undefined;
    const object = container as Readonly<Record<string, unknown>>;
    const size = array?.length ?? (names as readonly string[]).length;
    // Numbers, booleans and nulls are stepped over here, in one tight loop.
    let item: unknown;
    let i = frame.next;
    for (; i < size; i++) {
      item = array === undefined ? object[(names as readonly string[])[i] as string] : array[i];
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) break;
    }
    frame.next = i + 1;
    if (i >= size) {
      frames.pop();
    } else if (typeof item === 'string') {
      if (textProblem(item, '') !== undefined)
        return textProblem(item, pathName(pathOf(at, frames)));
    } else {
      problem = enter(item);
    }
  }
  return problem;
}
