import { describe, expect, it } from 'vitest';
import { MessageLevel } from '../enums';
import {
  error,
  hasErrors,
  serverMessages,
  warningHigh,
  warningLevel,
  warningLow,
} from './entry-message';

describe('entry messages', () => {
  it('hasErrors and warningLevel read a list', () => {
    expect(hasErrors([warningLow('a'), warningHigh('b')])).toBe(false);
    expect(hasErrors([warningLow('a'), error('b')])).toBe(true);
    expect(warningLevel([error('x')])).toBeNull();
    expect(warningLevel([warningLow('a')])).toBe(MessageLevel.WARNINGLOW);
    expect(warningLevel([warningLow('a'), warningHigh('b')])).toBe(MessageLevel.WARNINGHIGH);
  });

  it('serverMessages prefixes warnings and sends each text once', () => {
    expect(
      serverMessages([
        error('Bad', 'a'),
        warningLow('Odd', 'x'),
        warningLow('Odd', 'y'),
        warningHigh('Mail'),
      ]),
    ).toEqual(['Bad', 'WARNINGLOW: Odd', 'WARNINGHIGH: Mail']);
  });

  it('keeps the field only when given', () => {
    expect(error('Bad')).toEqual({ level: MessageLevel.ERROR, message: 'Bad' });
    expect(warningLow('Odd', 'f')).toEqual({
      level: MessageLevel.WARNINGLOW,
      message: 'Odd',
      field: 'f',
    });
  });
});
