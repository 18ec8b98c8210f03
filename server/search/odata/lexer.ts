import { syntaxError } from './filter-error';

/** A token of a `$filter`; `position` is the 0-based offset of its first character. */
export type Token =
  | { readonly kind: 'identifier'; readonly value: string; readonly position: number }
  | { readonly kind: 'string'; readonly value: string; readonly position: number }
  | {
      readonly kind: 'number';
      readonly numberType: 'int' | 'double';
      readonly value: number;
      readonly text: string;
      readonly position: number;
    }
  | {
      readonly kind: 'dateTimeOffset';
      readonly value: number;
      readonly text: string;
      readonly position: number;
    }
  | {
      readonly kind: 'punctuation';
      readonly value: '(' | ')' | ',' | ':' | '/';
      readonly position: number;
    }
  | { readonly kind: 'end'; readonly position: number };

const IDENTIFIER = /[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*/y;
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const DATE_PREFIX = /[0-9]{4}-[0-9]{2}-/y;
const DATE_TIME_OFFSET =
  /([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,7}))?)?(Z|[+-][0-9]{2}:[0-9]{2})/y;
const IDENTIFIER_CHAR = /[A-Za-z_0-9]/;
const WHITESPACE = /\s/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
// Year 1 to 9999: what both OData and PostgreSQL's timestamptz accept without surprises.
const MIN_DATE_MS = new Date(0).setUTCFullYear(1, 0, 1);
const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Splits a filter into tokens; throws a 400 SearchRequestError that gives the position. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (position: number, detail: string) => syntaxError(text, position, detail);

  while (i < text.length) {
    const ch = text.charAt(i);
    if (WHITESPACE.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',' || ch === ':' || ch === '/') {
      tokens.push({ kind: 'punctuation', value: ch, position: i });
      i++;
      continue;
    }
    if (ch === "'") {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw fail(start, 'unterminated string literal');
        const c = text.charAt(i);
        if (c === "'") {
          if (text.charAt(i + 1) === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\u0000') throw fail(i, 'string literals cannot contain the NUL character');
        const code = c.charCodeAt(0);
        if (code >= 0xd800 && code <= 0xdfff) {
          const next = text.charCodeAt(i + 1);
          if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
            throw fail(i, 'string literal contains an unpaired surrogate');
          }
          value += text.slice(i, i + 2);
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      tokens.push({ kind: 'string', value, position: start });
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '-' && /[0-9]/.test(text.charAt(i + 1)))) {
      DATE_PREFIX.lastIndex = i;
      if (ch !== '-' && DATE_PREFIX.test(text)) {
        const token = readDateTimeOffset(text, i);
        tokens.push(token);
        i += token.text.length;
        continue;
      }
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      const numberText = match?.[0] ?? ch;
      const end = i + numberText.length;
      if (IDENTIFIER_CHAR.test(text.charAt(end)) || text.charAt(end) === '.') {
        throw fail(i, `malformed number '${text.slice(i, end + 1)}'`);
      }
      tokens.push(readNumber(text, numberText, i));
      i = end;
      continue;
    }
    if (ch === '-' && text.startsWith('INF', i + 1) && !IDENTIFIER_CHAR.test(text.charAt(i + 4))) {
      tokens.push({
        kind: 'number',
        numberType: 'double',
        value: -Infinity,
        text: '-INF',
        position: i,
      });
      i += 4;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const identifier = IDENTIFIER.exec(text);
    if (identifier !== null) {
      tokens.push({ kind: 'identifier', value: identifier[0], position: i });
      i += identifier[0].length;
      continue;
    }
    throw fail(i, `unexpected character '${String.fromCodePoint(text.codePointAt(i) ?? 0)}'`);
  }
  tokens.push({ kind: 'end', position: text.length });
  return tokens;
}

function readNumber(text: string, numberText: string, position: number): Token {
  const isInteger = /^-?[0-9]+$/.test(numberText);
  if (isInteger) {
    const big = BigInt(numberText);
    if (big >= INT64_MIN && big <= INT64_MAX) {
      return {
        kind: 'number',
        numberType: 'int',
        value: Number(big),
        text: big.toString(),
        position,
      };
    }
    // Beyond Int64, an integer literal is a Double (OData promotes it the same way).
  }
  const value = Number(numberText);
  if (!Number.isFinite(value)) {
    throw syntaxError(text, position, `the number '${numberText}' is out of range`);
  }
  return { kind: 'number', numberType: 'double', value, text: numberText, position };
}

/** Day 0 of the next month is the last day of this one (month is 1-based). */
const daysInMonth = (year: number, month: number) => {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
};

function readDateTimeOffset(text: string, position: number): Token & { kind: 'dateTimeOffset' } {
  DATE_TIME_OFFSET.lastIndex = position;
  const m = DATE_TIME_OFFSET.exec(text);
  const bad = (detail: string) => syntaxError(text, position, detail);
  if (m === null || IDENTIFIER_CHAR.test(text.charAt(position + m[0].length))) {
    throw bad(
      'malformed DateTimeOffset literal (expected e.g. 2019-05-06T12:30:05.451Z or 2019-05-06T12:30:05-08:00)',
    );
  }
  const [whole, y, mo, d, h, mi, s, fraction, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? '0');
  if (
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw bad(`'${whole}' is not a valid date and time`);
  }
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== 'Z') {
    const offsetHours = Number(zone.slice(1, 3));
    const offsetMins = Number(zone.slice(4, 6));
    if (offsetHours > 14 || offsetMins > 59) throw bad(`'${zone}' is not a valid UTC offset`);
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  // Fractions beyond milliseconds are truncated: JavaScript dates (and so documents) hold ms.
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  const value = date.getTime() - offsetMinutes * 60_000;
  if (value < MIN_DATE_MS || value > MAX_DATE_MS) {
    throw bad(`'${whole}' is outside the supported range (years 1 to 9999 in UTC)`);
  }
  return { kind: 'dateTimeOffset', value, text: whole, position };
}
