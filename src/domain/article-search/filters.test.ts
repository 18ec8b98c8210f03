import { describe, expect, it } from 'vitest';
import { ReadStatus } from '../enums';
import {
  decodeArticleFilters,
  defaultArticleFilters,
  parseFilterDate,
  parseFilterHour,
  timeOptions,
  validateDateFilter,
} from './filters';

const blank = { fromDate: '', fromTime: '', toDate: '', toTime: '' };
const invalid = 'Must be a valid date in format YYYY/MM/DD';
const needsDate = 'Date can not be empty when time is provided';

describe('article filters', () => {
  it('defaults (spec 000 §9): article feed on, both read statuses unselected, insertedDate', () => {
    expect(defaultArticleFilters).toEqual({
      dateMode: 'insertedDate',
      fromDate: '',
      fromTime: '',
      toDate: '',
      toTime: '',
      sourceCategory: [],
      sourceGroup: [],
      createdBy: [],
      isArticleFeed: true,
      readStatus: [
        { id: ReadStatus.Unread, selected: false },
        { id: ReadStatus.Read, selected: false },
      ],
      isLinkedToActivity: false,
      hasContextTag: false,
      hasSuggestedContextTag: false,
      includedDiseases: [],
      excludedDiseases: [],
    });
  });

  it('decoding fills missing members and rejects malformed ones', () => {
    expect(decodeArticleFilters({ fromDate: '2024/05/01', createdBy: ['OI System'] })).toEqual({
      ...defaultArticleFilters,
      fromDate: '2024/05/01',
      createdBy: ['OI System'],
    });
    expect(() => decodeArticleFilters({ createdBy: ['Robot'] })).toThrow();
    expect(() => decodeArticleFilters({ dateMode: 'updatedDate' })).toThrow();
  });

  it('time options: hourly 00:00–23:00 with am/pm labels', () => {
    expect(timeOptions).toHaveLength(24);
    expect(timeOptions[0]).toEqual({ value: '00:00', label: '12:00 am' });
    expect(timeOptions[1]).toEqual({ value: '01:00', label: '01:00 am' });
    expect(timeOptions[11]).toEqual({ value: '11:00', label: '11:00 am' });
    expect(timeOptions[12]).toEqual({ value: '12:00', label: '12:00 pm' });
    expect(timeOptions[23]).toEqual({ value: '23:00', label: '11:00 pm' });
  });

  it('parses YYYY/MM/DD with month 1–12 and day 1–31', () => {
    expect(parseFilterDate('2024/05/01')).toEqual({ year: 2024, month: 5, day: 1 });
    expect(parseFilterDate(' 2024/12/31 ')).toEqual({ year: 2024, month: 12, day: 31 });
    expect(parseFilterDate('2024/02/31')).toEqual({ year: 2024, month: 2, day: 31 });
    for (const bad of [
      '2024/13/01',
      '2024/00/10',
      '2024/05/00',
      '2024/05/32',
      '2024-05-01',
      '24/05/01',
      '2024/5/1',
      'x',
    ]) {
      expect(parseFilterDate(bad), bad).toBeUndefined();
    }
  });

  it('parses hours of the time options only', () => {
    expect(parseFilterHour('00:00')).toBe(0);
    expect(parseFilterHour('23:00')).toBe(23);
    expect(parseFilterHour('24:00')).toBeUndefined();
    expect(parseFilterHour('12:30')).toBeUndefined();
    expect(parseFilterHour('')).toBeUndefined();
  });

  it('date validation messages (spec 000 §5)', () => {
    expect(validateDateFilter(blank)).toEqual({});
    expect(validateDateFilter({ ...blank, fromDate: '2024/05/01', toDate: '2024/05/02' })).toEqual(
      {},
    );
    expect(validateDateFilter({ ...blank, fromDate: '2024/13/01' })).toEqual({ fromDate: invalid });
    expect(validateDateFilter({ ...blank, toDate: '2024/05/32' })).toEqual({ toDate: invalid });
    expect(validateDateFilter({ ...blank, fromTime: '10:00' })).toEqual({ fromDate: needsDate });
    expect(validateDateFilter({ ...blank, toTime: '10:00' })).toEqual({ toDate: needsDate });
    expect(validateDateFilter({ ...blank, fromDate: 'soon', toTime: '01:00' })).toEqual({
      fromDate: invalid,
      toDate: needsDate,
    });
  });
});
