import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessageLevel, hasErrorList, istErrorText, parseMessageLevel } from './api-errors';
import { MessageLevel } from './enums';

describe('parseMessageLevel', () => {
  it.each([
    ['WARNINGLOW: Cases dropped', MessageLevel.WARNINGLOW, 'Cases dropped'],
    ['warninglow Cases dropped', MessageLevel.WARNINGLOW, 'Cases dropped'],
    ['WarningLow-Cases dropped', MessageLevel.WARNINGLOW, 'Cases dropped'],
    ['WARNINGHIGH: Deaths exceed cases', MessageLevel.WARNINGHIGH, 'Deaths exceed cases'],
    ['WarningHigh Deaths exceed cases', MessageLevel.WARNINGHIGH, 'Deaths exceed cases'],
    ['warninghigh:Deaths exceed cases', MessageLevel.WARNINGHIGH, 'Deaths exceed cases'],
  ])('reads %j as a warning with the prefix removed', (raw, level, message) => {
    expect(parseMessageLevel(raw)).toEqual({ level, message });
  });

  it.each(['Disease is required', '', 'A WARNINGLOW later in the text', 'warning: not a level'])(
    'reads %j as an error, unchanged',
    (raw) => {
      expect(parseMessageLevel(raw)).toEqual({ level: MessageLevel.ERROR, message: raw });
    },
  );
});

describe('hasErrorList', () => {
  it('is true for a non-empty list of strings', () => {
    expect(hasErrorList({ errors: ['a'] })).toBe(true);
    expect(hasErrorList({ errors: ['a', 'b'], other: 1 })).toBe(true);
  });

  it.each([
    ['an empty list', { errors: [] }],
    ['no errors key', { message: 'boom' }],
    ['a non-array', { errors: 'a' }],
    ['non-string entries', { errors: ['a', 2] }],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'errors'],
    ['an array', ['a']],
  ])('is false for %s', (_name, body) => {
    expect(hasErrorList(body)).toBe(false);
  });
});

describe('istErrorText', () => {
  it("prefixes 'IST Error: ' and joins the messages with '. '", () => {
    expect(istErrorText(['a', 'b'])).toBe('IST Error: a. b');
    expect(istErrorText(['Disease is required'])).toBe('IST Error: Disease is required');
  });
});

describe('formatMessageLevel', () => {
  it('prefixes warnings and leaves errors as they are', () => {
    expect(formatMessageLevel({ level: MessageLevel.WARNINGHIGH, message: 'Reset' })).toBe(
      'WARNINGHIGH: Reset',
    );
    expect(formatMessageLevel({ level: MessageLevel.WARNINGLOW, message: 'Gap' })).toBe(
      'WARNINGLOW: Gap',
    );
    expect(formatMessageLevel({ level: MessageLevel.ERROR, message: 'Bad' })).toBe('Bad');
  });

  it('is undone by parseMessageLevel for any message that is not itself prefixed', () => {
    const level = fc.constantFrom(
      MessageLevel.ERROR,
      MessageLevel.WARNINGLOW,
      MessageLevel.WARNINGHIGH,
    );
    const text = fc
      .string()
      .filter((s) => !/^(warninglow|warninghigh)/i.test(s) && !/^[\s:-]/.test(s));
    fc.assert(
      fc.property(level, text, (lvl, message) => {
        expect(parseMessageLevel(formatMessageLevel({ level: lvl, message }))).toEqual({
          level: lvl,
          message,
        });
      }),
    );
  });
});
