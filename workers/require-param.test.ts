import { describe, expect, it } from 'vitest';
import { RequiredParameterError } from './errors';
import { requireParam } from './require-param';

describe('requireParam', () => {
  it.each([null, undefined])(
    'throws a RequiredParameterError naming the parameter for %s',
    (value) => {
      let thrown: unknown;
      try {
        requireParam('articleId', value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(RequiredParameterError);
      expect(thrown).toMatchObject({
        _tag: 'RequiredParameterError',
        parameter: 'articleId',
        message: 'Required parameter articleId was null or undefined.',
      });
    },
  );

  it.each([0, '', false, 'x', 42])('returns %j: only null and undefined are missing', (value) => {
    expect(requireParam('value', value)).toBe(value);
  });
});
