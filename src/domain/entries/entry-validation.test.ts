import { describe, expect, it } from 'vitest';
import { Importance, InactivityReason, MessageLevel, ReportingPeriodType } from '../enums';
import { messages } from '../messages';
import {
  plainText,
  validateCheckIn,
  validateDescriptionEdit,
  validateEndReportingPeriod,
  validateNewReportingPeriod,
  validateSituationalUpdate,
  validateTraveller,
} from './entry-validation';

const err = (message: string, field: string) => ({ level: MessageLevel.ERROR, message, field });
const high = (message: string) => ({ level: MessageLevel.WARNINGHIGH, message });

describe('validateTraveller', () => {
  const dates = { departureDate: '2024-03-01', arrivalDate: '2024-03-05' };
  it.each([
    [null, [err(messages.travellerCasesRequired, 'cases')]],
    [0, [err(messages.travellerCasesBelowOne, 'cases')]],
    [-3, [err(messages.travellerCasesBelowOne, 'cases')]],
    [1.5, [err(messages.travellerCasesNotInteger, 'cases')]],
    [1, []],
    [12, []],
  ])('cases %j', (cases, expected) => {
    expect(validateTraveller({ cases, ...dates })).toEqual(expected);
  });

  it('arrival back must not be earlier than departure; the same day and blanks pass', () => {
    const arrivalFirst = { cases: 1, departureDate: '2024-03-05', arrivalDate: '2024-03-04' };
    expect(validateTraveller(arrivalFirst)).toEqual([
      err(messages.arrivalBeforeDeparture, 'arrivalDate'),
    ]);
    expect(
      validateTraveller({ cases: 1, departureDate: '2024-03-05', arrivalDate: '2024-03-05' }),
    ).toEqual([]);
    expect(validateTraveller({ cases: 1, departureDate: null, arrivalDate: '2024-03-05' })).toEqual(
      [],
    );
  });
});

describe('validateSituationalUpdate', () => {
  const ok = {
    reportedOn: '2024-03-05',
    title: null,
    description: '<p>Cases rise in the north.</p>',
    importance: Importance.Standard,
  };

  it('a standard update needs no title and gives no notice', () => {
    expect(validateSituationalUpdate(ok)).toEqual([]);
  });

  it('requires reported on, description and importance', () => {
    expect(
      validateSituationalUpdate({
        reportedOn: null,
        title: null,
        description: null,
        importance: null,
      }),
    ).toEqual([
      err(messages.reportedOnRequired, 'reportedOn'),
      err(messages.descriptionRequired, 'description'),
      err(messages.importanceRequired, 'importance'),
    ]);
  });

  it.each(['', '<p></p>', '<p><br></p>', '<p>&nbsp; </p>'])(
    'treats the empty rich text %j as no description',
    (description) => {
      expect(validateSituationalUpdate({ ...ok, description })).toEqual([
        err(messages.descriptionRequired, 'description'),
      ]);
    },
  );

  it.each([
    [Importance.Important, messages.importantNotice],
    [Importance.Critical, messages.criticalNotice],
  ])('%s needs a title and gives its WARNINGHIGH notice', (importance, notice) => {
    expect(validateSituationalUpdate({ ...ok, importance, title: '  ' })).toEqual([
      err(messages.titleRequired, 'title'),
      high(notice),
    ]);
    expect(validateSituationalUpdate({ ...ok, importance, title: 'Outbreak declared' })).toEqual([
      high(notice),
    ]);
  });

  it('titles up to 150 characters pass; 151 do not', () => {
    expect(validateSituationalUpdate({ ...ok, title: 'x'.repeat(150) })).toEqual([]);
    expect(validateSituationalUpdate({ ...ok, title: 'x'.repeat(151) })).toEqual([
      err(messages.titleTooLong(150), 'title'),
    ]);
  });
});

describe('validateDescriptionEdit', () => {
  it('gives the three messages of the edit form in the spec words', () => {
    expect(
      validateDescriptionEdit({
        updateReason: '',
        reportedOn: null,
        description: '<p></p>',
        title: null,
        importance: Importance.Standard,
      }),
    ).toEqual([
      err('Update reason is a required field', 'updateReason'),
      err('Reported on is a required field', 'reportedOn'),
      err('Description is a required field', 'description'),
    ]);
  });

  it('passes a complete edit', () => {
    expect(
      validateDescriptionEdit({
        updateReason: 'Media Update',
        reportedOn: '2024-03-05',
        description: '<p>Revised.</p>',
        title: 'Revised',
        importance: Importance.Critical,
      }),
    ).toEqual([]);
  });
});

describe('validateCheckIn', () => {
  it('needs a reason; the description is optional', () => {
    expect(validateCheckIn({ inactivityReason: null })).toEqual([
      err(messages.inactivityReasonRequired, 'inactivityReason'),
    ]);
    expect(validateCheckIn({ inactivityReason: InactivityReason.NoNewCases })).toEqual([]);
  });
});

describe('reporting period entries', () => {
  it('a new period needs its type and date and warns that it starts a period', () => {
    expect(validateNewReportingPeriod({ reportingPeriodType: null, reportedOn: null })).toEqual([
      err(messages.reportingPeriodTypeRequired, 'reportingPeriodType'),
      err(messages.reportedOnRequired, 'reportedOn'),
    ]);
    expect(
      validateNewReportingPeriod({
        reportingPeriodType: ReportingPeriodType.NewSeason,
        reportedOn: '2024-03-05',
      }),
    ).toEqual([high('A new reporting period will be created with 2024/03/05 as its start date.')]);
  });

  it('an end period needs its End Date and warns of the reset', () => {
    expect(validateEndReportingPeriod({ reportedOn: null })).toEqual([
      err(messages.endDateRequired, 'reportedOn'),
    ]);
    expect(validateEndReportingPeriod({ reportedOn: '2024-03-05' })).toEqual([
      high(messages.endReportingPeriodNotice),
    ]);
  });
});

it('plainText strips tags and entities', () => {
  expect(plainText('<p>a <b>b</b>&nbsp;</p>')).toBe('a  b');
  expect(plainText(null)).toBe('');
});
