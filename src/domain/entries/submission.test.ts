import { describe, expect, it } from 'vitest';
import {
  countsOf,
  dailyTotal,
  periodEntry,
  stored,
  typedNew,
} from '../../../tests/support/case-entries';
import { EntryType, Importance, ReportStatus, ReportingPeriodType } from '../enums';
import { messages } from '../messages';
import type { SubmissionContext, SubmittedEntry } from './submission';
import { validateSubmission } from './submission';

const canada = 1;
const toronto = 2;
const paris = 3;
const context: SubmissionContext = {
  committed: [
    periodEntry('p', EntryType.NEW_REPORTING_PERIOD, '2024-01-01'),
    dailyTotal('t5', '2024-01-05', { reportedCases: stored(10, 10) }, { locationId: toronto }),
    dailyTotal('t10', '2024-01-10', { reportedCases: stored(20, 10) }, { locationId: toronto }),
  ],
  locations: new Map([
    [canada, { name: 'Canada', isCountry: true, inActivity: true }],
    [toronto, { name: 'Toronto', isCountry: false, inActivity: true }],
    [paris, { name: 'Paris', isCountry: false, inActivity: false }],
  ]),
  allowedDaysGap: 14,
  latestPeriod: { startDate: '2024-01-01', endDate: null },
  priorPeriods: [],
  lastEntryDate: '2024-01-10',
  autoSurveillancePending: false,
  today: '2024-02-01',
};
const noPropagation = { propagate: false, propagateUptoDate: null };

const caseEntry = (
  key: string,
  locationId: number,
  reportedOn: string | null,
  newCases: number,
): SubmittedEntry => {
  const counts = countsOf({ reportedCases: typedNew(newCases) });
  return {
    key,
    locationId,
    type: EntryType.CASE_DATA,
    reportedOn,
    reportStatus: null,
    counts,
    fields: { kind: 'case', counts, sourceId: null },
  };
};
const period = (
  key: string,
  type: 6 | 7,
  reportedOn: string,
  locationId = canada,
): SubmittedEntry => ({
  key,
  locationId,
  type,
  reportedOn,
  reportStatus: null,
  counts: null,
  fields: { kind: 'period', reportingPeriodType: ReportingPeriodType.NewSeason },
});
const texts = (r: ReturnType<typeof validateSubmission>, key: string) =>
  r.entries.find((e) => e.key === key)?.messages.map((m) => m.message) ?? [];

describe('validateSubmission', () => {
  it('derives the figures and the Daily Totals from the committed entries', () => {
    const r = validateSubmission(
      [caseEntry('cases.0', toronto, '2024-01-12', 5)],
      context,
      noPropagation,
    );
    expect(r.counts.get('cases.0')?.reportedCases).toMatchObject({ cumulative: 25, newCases: 5 });
    expect(r.dailyTotals.map((t) => [t.reportedOn, t.counts.reportedCases.cumulative])).toEqual([
      ['2024-01-12', 25],
    ]);
    expect(r.entries).toEqual([{ key: 'cases.0', locationId: toronto, messages: [] }]);
  });

  it('deleted entries are neither validated nor counted', () => {
    const gone = {
      ...caseEntry('cases.0', toronto, '2024-01-12', -500),
      reportStatus: ReportStatus.Deleted,
    };
    const r = validateSubmission([gone], context, noPropagation);
    expect(r.entries).toEqual([]);
    expect(r.dailyTotals).toEqual([]);
  });

  it('places: not outside the activity, not in the future, a date required', () => {
    const r = validateSubmission(
      [
        caseEntry('a', paris, '2024-01-12', 1),
        caseEntry('b', toronto, '2024-02-02', 1),
        caseEntry('c', toronto, null, 1),
      ],
      context,
      noPropagation,
    );
    expect(texts(r, 'a')).toEqual([messages.locationNotInActivity]);
    expect(texts(r, 'b')).toContain(messages.reportedOnInFuture);
    expect(texts(r, 'c')).toEqual([messages.reportedOnRequired]);
  });

  it('locks manual entries while auto-surveillance waits', () => {
    const r = validateSubmission(
      [caseEntry('a', toronto, '2024-01-12', 1)],
      { ...context, autoSurveillancePending: true },
      noPropagation,
    );
    expect(texts(r, 'a')).toEqual([messages.pendingAutoSurveillanceBanner]);
  });

  it('reporting periods: a new one only when none is open', () => {
    const r = validateSubmission([period('new', 6, '2024-01-20')], context, noPropagation);
    expect(texts(r, 'new')).toEqual([
      messages.periodAlreadyOpen,
      messages.newReportingPeriodNotice('2024/01/20'),
    ]);
  });

  it('reporting periods: country only, not before the activity maximum date', () => {
    const r = validateSubmission(
      [period('cityEnd', 7, '2024-01-20', toronto), period('early', 7, '2024-01-05')],
      context,
      noPropagation,
    );
    expect(texts(r, 'cityEnd')).toContain(messages.countryLevelOnly('End Reporting Period'));
    expect(texts(r, 'early')).toContain(
      messages.periodEntryTooEarly('End Reporting Period', '2024/01/10'),
    );
  });

  it('an end and a new period in one submission are allowed', () => {
    const r = validateSubmission(
      [period('end', 7, '2024-01-20'), period('new', 6, '2024-01-21')],
      context,
      noPropagation,
    );
    expect(texts(r, 'new')).toEqual([messages.newReportingPeriodNotice('2024/01/21')]);
    expect(texts(r, 'end')).toEqual([messages.endReportingPeriodNotice]);
  });

  it('no end without an open period', () => {
    const closed = { ...context, latestPeriod: { startDate: '2024-01-01', endDate: '2024-01-15' } };
    const r = validateSubmission([period('end', 7, '2024-01-20')], closed, noPropagation);
    expect(texts(r, 'end')).toContain(messages.noOpenPeriod);
  });

  it('propagation: a single historic entry, to a date not before the last entry', () => {
    const historic = [caseEntry('a', toronto, '2024-01-07', 2)];
    const ok = validateSubmission(historic, context, {
      propagate: true,
      propagateUptoDate: '2024-01-31',
    });
    expect(ok.general).toEqual([]);
    expect(
      ok.dailyTotals.map((t) => [
        t.reportedOn,
        t.counts.reportedCases.cumulative,
        t.isPropagationEntry,
      ]),
    ).toEqual([
      ['2024-01-07', 12, false],
      ['2024-01-10', 22, true],
    ]);
    const early = validateSubmission(historic, context, {
      propagate: true,
      propagateUptoDate: '2024-01-09',
    });
    expect(early.general.map((m) => m.message)).toEqual([messages.propagationBeforeLatest]);
    const none = validateSubmission(historic, context, {
      propagate: true,
      propagateUptoDate: null,
    });
    expect(none.general.map((m) => m.message)).toEqual([messages.propagationDateRequired]);
    const recent = validateSubmission([caseEntry('a', toronto, '2024-01-12', 2)], context, {
      propagate: true,
      propagateUptoDate: '2024-01-31',
    });
    expect(recent.general.map((m) => m.message)).toEqual([
      messages.propagationUnavailable('2024/01/10'),
    ]);
  });

  it('runs each kind of entry through its own rules', () => {
    const r = validateSubmission(
      [
        {
          key: 't',
          locationId: toronto,
          type: EntryType.TRAVELLER,
          reportedOn: '2024-01-12',
          reportStatus: null,
          counts: null,
          fields: {
            kind: 'traveller',
            cases: 0,
            arrivalDate: null,
            departureDate: null,
            originId: null,
          },
        },
        {
          key: 'd',
          locationId: canada,
          type: EntryType.DESCRIPTION,
          reportedOn: '2024-01-12',
          reportStatus: null,
          counts: null,
          fields: {
            kind: 'description',
            title: null,
            description: '<p>x</p>',
            importance: Importance.Important,
          },
        },
        {
          key: 'i',
          locationId: canada,
          type: EntryType.INACTIVITY,
          reportedOn: null,
          reportStatus: null,
          counts: null,
          fields: { kind: 'inactivity', inactivityReason: null },
        },
      ],
      context,
      noPropagation,
    );
    expect(texts(r, 't')).toEqual([messages.travellerCasesBelowOne]);
    expect(texts(r, 'd')).toEqual([messages.titleRequired, messages.importantNotice]);
    expect(texts(r, 'i')).toEqual([messages.reportedOnRequired, messages.inactivityReasonRequired]);
  });

  it('warns when a linked article is not about the activity’s disease', () => {
    const withArticles = (articles: number[]) => ({
      ...caseEntry('a', toronto, '2024-01-12', 1),
      articles,
    });
    const ctx = {
      ...context,
      diseaseId: 1,
      articleDiseaseIds: new Map([
        [10, [1, 2]],
        [11, [2]],
        [12, []],
      ]),
    };
    const texts = (articles: number[]) =>
      validateSubmission([withArticles(articles)], ctx, noPropagation).entries[0]?.messages.map(
        (m) => m.message,
      );
    expect(texts([10])).toEqual([]);
    expect(texts([10, 11])).toEqual([messages.incorrectArticle]);
    expect(texts([12])).toEqual([messages.incorrectArticle]);
  });

  it('one pending entry of a type per location; period entries only on their own', () => {
    const checkIn = (key: string, locationId = canada): SubmittedEntry => ({
      key,
      locationId,
      type: EntryType.INACTIVITY,
      reportedOn: '2024-01-12',
      reportStatus: null,
      counts: null,
      fields: { kind: 'inactivity', inactivityReason: null },
    });
    const notAddable = (type: string) =>
      messages.entryNotAddableWithPending(
        type,
        type === 'Case Data' ? 'case' : type.includes('Period') ? 'period' : 'single',
      );
    const two = validateSubmission([checkIn('a'), checkIn('b')], context, noPropagation);
    expect(texts(two, 'a')).toContain(notAddable('Check-in'));
    expect(texts(two, 'b')).toContain(notAddable('Check-in'));
    // A deleted one does not count.
    const one = validateSubmission(
      [checkIn('a'), { ...checkIn('b'), reportStatus: ReportStatus.Deleted }],
      context,
      noPropagation,
    );
    expect(texts(one, 'a')).not.toContain(notAddable('Check-in'));
    // Period entries: not beside other pending entries, nor while another collection waits.
    const withCase = validateSubmission(
      [period('end', 7, '2024-01-20'), caseEntry('c', toronto, '2024-01-12', 1)],
      context,
      noPropagation,
    );
    expect(texts(withCase, 'end')).toContain(notAddable('End Reporting Period'));
    expect(texts(withCase, 'c')).toContain(notAddable('Case Data'));
    const elsewhere = validateSubmission(
      [period('end', 7, '2024-01-20')],
      { ...context, pendingElsewhere: true },
      noPropagation,
    );
    expect(texts(elsewhere, 'end')).toContain(notAddable('End Reporting Period'));
    expect(
      texts(validateSubmission([period('end', 7, '2024-01-20')], context, noPropagation), 'end'),
    ).not.toContain(notAddable('End Reporting Period'));
    // Several dated case entries are fine; an undated one carries its own error only.
    const undated = validateSubmission(
      [caseEntry('x', toronto, null, 1), caseEntry('y', toronto, '2024-01-12', 1)],
      context,
      noPropagation,
    );
    expect(texts(undated, 'x')).toEqual([messages.reportedOnRequired]);
    expect(texts(undated, 'y')).toEqual([]);
    const dated = validateSubmission(
      [caseEntry('x', toronto, '2024-01-11', 1), caseEntry('y', toronto, '2024-01-12', 1)],
      context,
      noPropagation,
    );
    expect(texts(dated, 'y')).toEqual([]);
  });

  it('a case entry is not dated before its reporting period (edge: the start day)', () => {
    const ctx = { ...context, lastEntryDate: '2024-01-10' };
    const at = (day: string) =>
      texts(validateSubmission([caseEntry('c', toronto, day, 1)], ctx, noPropagation), 'c');
    const tooEarly = messages.periodEntryTooEarly('Case Data', '2024/01/01');
    expect(at('2023-12-31')).toContain(tooEarly);
    expect(at('2024-01-01')).not.toContain(tooEarly);
    expect(at('2024-01-02')).not.toContain(tooEarly);
    // After a period ended, cumulatives restart the next day.
    const closed = {
      ...ctx,
      latestPeriod: { startDate: '2024-01-01', endDate: '2024-01-15' },
    };
    const afterEnd = (day: string) =>
      texts(validateSubmission([caseEntry('c', toronto, day, 1)], closed, noPropagation), 'c');
    expect(afterEnd('2024-01-15')).toContain(
      messages.periodEntryTooEarly('Case Data', '2024/01/16'),
    );
    expect(afterEnd('2024-01-16')).toEqual([]);
  });
});
