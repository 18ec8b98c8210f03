import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf, stored, typedCumulative, typedNew } from '../../../tests/support/case-entries';
import { MessageLevel } from '../enums';
import { messages } from '../messages';
import type { PreviousEntry } from './case-arithmetic';
import { deriveCount } from './case-arithmetic';
import type { CaseCount, CaseFigure } from './case-figures';
import { emptyCaseCount, mapFigures } from './case-figures';
import type { CaseEntryContext } from './case-validation';
import { validateCaseEntry } from './case-validation';
import type { EntryMessage } from './entry-message';

const day = '2024-03-15';
const context: CaseEntryContext = { reportedOn: day, allowedDaysGap: 14, sourceId: null };

/** What came before: per figure [cumulative, newCases]. */
function before(
  figures: Partial<Record<CaseFigure, [number, number]>>,
  reportedOn: string | null = '2024-03-10',
): PreviousEntry {
  const none = { cumulative: null, newCases: null };
  return {
    figures: {
      reportedCases: none,
      suspectedCases: none,
      confirmedCases: none,
      deaths: none,
      ...Object.fromEntries(
        Object.entries(figures).map(([f, [cumulative, newCases]]) => [f, { cumulative, newCases }]),
      ),
    },
    reportedOn,
  };
}

/** Derives the typed figures from `previous`, as the arithmetic would, then validates. */
function check(
  figures: Partial<Record<CaseFigure, CaseCount>>,
  previous: PreviousEntry,
  ctx: Partial<CaseEntryContext> = {},
): EntryMessage[] {
  const typed = countsOf(figures);
  const derived = mapFigures((f) => deriveCount(typed[f], previous.figures[f].cumulative ?? 0));
  return validateCaseEntry(derived, previous, { ...context, ...ctx });
}

const texts = (list: readonly EntryMessage[]) => list.map((m) => m.message);
const low = (message: string) =>
  expect.objectContaining({ level: MessageLevel.WARNINGLOW, message });
const err = (message: string) => expect.objectContaining({ level: MessageLevel.ERROR, message });

describe('validateCaseEntry: field rules', () => {
  it('needs at least one case figure', () => {
    expect(check({}, before({}))).toEqual([err(messages.enterCaseData)]);
  });

  it.each([
    [
      'cumulative 2.5',
      { ...emptyCaseCount, cumulative: 2.5, userEntered: 'cumulative' as const },
      messages.cumulativeNotInteger,
      'reportedCases.cumulative',
    ],
    [
      'new cases 1.5',
      { ...emptyCaseCount, newCases: 1.5, userEntered: 'newCases' as const },
      messages.newCasesNotInteger,
      'reportedCases.newCases',
    ],
    ['cumulative -1', typedCumulative(-1), messages.cumulativeNegative, 'reportedCases.cumulative'],
  ])('%s is an error on its field', (_name, count, message, field) => {
    const list = check({ reportedCases: count }, before({}, null));
    expect(list).toContainEqual({ level: MessageLevel.ERROR, message, field });
  });

  it('cumulative 0 is allowed', () => {
    expect(check({ reportedCases: typedCumulative(0) }, before({}, null))).toEqual([]);
  });

  it('negative new cases typed is a low warning; cumulative going below 0 is an error', () => {
    expect(check({ reportedCases: typedNew(-2) }, before({ reportedCases: [10, 10] }))).toEqual([
      {
        level: MessageLevel.WARNINGLOW,
        message: messages.negativeNewCases,
        field: 'reportedCases.newCases',
      },
    ]);
    const below = check({ reportedCases: typedNew(-11) }, before({ reportedCases: [10, 10] }));
    expect(below).toContainEqual(err(messages.cumulativeNegative));
  });
});

describe('validateCaseEntry: negative new cases, typed or derived (spec 001 §5)', () => {
  it('a typed cumulative below the previous one gives both warnings on their fields', () => {
    const list = check({ reportedCases: typedCumulative(7) }, before({ reportedCases: [10, 10] }));
    expect(list).toContainEqual({
      level: MessageLevel.WARNINGLOW,
      message: messages.negativeNewCases,
      field: 'reportedCases.newCases',
    });
    expect(list).toContainEqual(low(messages.lowerCumulative('Reported Cases', 7, 10)));
  });

  it('matches the oracle: new cases = cumulative − previous cumulative, negative warns', () => {
    // The oracle is the spec's arithmetic written out here, not deriveCount.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom('cumulative', 'newCases'),
        fc.integer({ min: -1000, max: 1000 }),
        (previous, typed, value) => {
          const newCases = typed === 'newCases' ? value : value - previous;
          const cumulative = typed === 'newCases' ? previous + value : value;
          const count = typed === 'newCases' ? typedNew(value) : typedCumulative(value);
          const list = texts(
            check({ confirmedCases: count }, before({ confirmedCases: [previous, 0] })),
          );
          expect(list.includes(messages.negativeNewCases)).toBe(newCases < 0);
          expect(list.includes(messages.cumulativeNegative)).toBe(cumulative < 0);
          expect(list.includes(messages.lowerCumulative('Confirmed Cases', value, previous))).toBe(
            // A negative cumulative is an error, which the trend warnings give way to.
            typed === 'cumulative' && value >= 0 && value < previous,
          );
        },
      ),
      { seed: 15, numRuns: 500 },
    );
  });
});

describe('validateCaseEntry: abnormal spike in cumulative (≥ 100 and ≥ 3× previous, previous > 0)', () => {
  const spike = (value: number, previous: number) =>
    messages.spikeInCumulative('Reported Cases', value, previous);
  it.each([
    ['100 but below 3× of 34', 100, 34, false],
    ['100 at 3× of 33', 100, 33, true],
    ['99 at 9× of 11', 99, 11, false],
    ['100 at 10× of 10', 100, 10, true],
    ['300 at exactly 3× of 100', 300, 100, true],
    ['299 just below 3× of 100', 299, 100, false],
    ['301 just above 3× of 100', 301, 100, true],
  ])('%s', (_name, value, previous, fires) => {
    const prev = before({ reportedCases: [previous, 1] });
    const list = check({ reportedCases: typedCumulative(value) }, prev);
    expect(texts(list).includes(spike(value, previous))).toBe(fires);
  });

  it('never with a previous cumulative of 0, or with nothing before', () => {
    for (const prev of [before({ reportedCases: [0, 0] }), before({})]) {
      const list = check({ reportedCases: typedCumulative(1000) }, prev);
      expect(texts(list).some((t) => t.startsWith('Abnormal spike in cumulative'))).toBe(false);
    }
  });
});

describe('validateCaseEntry: cumulative lower than previous', () => {
  it.each([
    [99, true],
    [100, false],
    [101, false],
  ])('typed cumulative %i after 100', (value, fires) => {
    const list = check({ deaths: typedCumulative(value) }, before({ deaths: [100, 5] }));
    expect(list.some((m) => m.message === messages.lowerCumulative('Deaths', value, 100))).toBe(
      fires,
    );
    if (fires) expect(list).toContainEqual(low(messages.lowerCumulative('Deaths', value, 100)));
  });
});

describe('validateCaseEntry: abnormal spike in new cases (≥ 100 and ≥ 3× previous new, previous cumulative > 0)', () => {
  it.each([
    ['99 new after 10', 99, 10, 50, false],
    ['100 new after 10', 100, 10, 50, true],
    ['150 new at exactly 3× of 50', 150, 50, 500, true],
    ['149 new just below 3× of 50', 149, 50, 500, false],
    ['100 new after 0 new', 100, 0, 50, true],
    ['100 new with previous cumulative 0', 100, 0, 0, false],
  ])('%s', (_name, value, prevNew, prevCumulative, fires) => {
    const list = check(
      { confirmedCases: typedNew(value) },
      before({ confirmedCases: [prevCumulative, prevNew], reportedCases: [10_000, 1] }),
    );
    const message = messages.spikeInNewCases('Confirmed Cases', value, prevNew);
    expect(texts(list).includes(message)).toBe(fires);
  });
});

describe('validateCaseEntry: abnormal dip in new cases (non-zero, previous > 100, below a third)', () => {
  it.each([
    ['33 after 101 (just below a third)', 33, 101, true],
    ['34 after 101 (above a third)', 34, 101, false],
    ['33 after exactly 100', 33, 100, false],
    ['0 after 300 (zero is not a dip)', 0, 300, false],
    ['99 after 300 (just below a third)', 99, 300, true],
    ['100 after 300 (exactly a third)', 100, 300, false],
  ])('%s', (_name, value, prevNew, fires) => {
    const list = check(
      { reportedCases: typedNew(value) },
      before({ reportedCases: [5000, prevNew] }),
    );
    expect(texts(list).includes(messages.dipInNewCases('Reported Cases', value, prevNew))).toBe(
      fires,
    );
  });

  it('not when the previous cumulative is 0', () => {
    const list = check({ reportedCases: typedNew(1) }, before({ reportedCases: [0, 300] }));
    expect(list).toEqual([]);
  });
});

describe('validateCaseEntry: only deaths', () => {
  it('warns when deaths are the only figure entered', () => {
    const list = check({ deaths: typedNew(2) }, before({ reportedCases: [10, 1], deaths: [1, 1] }));
    expect(list).toEqual([low(messages.onlyDeaths)]);
  });

  it('does not warn when another figure is entered', () => {
    const list = check(
      { deaths: typedNew(2), reportedCases: typedNew(2) },
      before({ reportedCases: [10, 1], deaths: [1, 1] }),
    );
    expect(list).toEqual([]);
  });
});

describe('validateCaseEntry: hard errors between figures', () => {
  it.each([
    ['confirmed + suspected = reported', 10, 6, 4, false],
    ['confirmed + suspected = reported + 1', 10, 6, 5, true],
  ])('%s', (_name, reported, confirmed, suspected, fires) => {
    const list = check(
      {
        reportedCases: typedCumulative(reported),
        confirmedCases: typedCumulative(confirmed),
        suspectedCases: typedCumulative(suspected),
      },
      before({}, null),
    );
    expect(texts(list).includes(messages.confirmedAndSuspectedAboveReported)).toBe(fires);
  });

  it.each([
    [10, 10, false],
    [10, 11, true],
  ])('reported %i, deaths %i', (reported, deaths, fires) => {
    const list = check(
      { reportedCases: typedCumulative(reported), deaths: typedCumulative(deaths) },
      before({}, null),
    );
    expect(texts(list).includes(messages.deathsAboveReported)).toBe(fires);
  });

  it('compares with the cumulative carried from before when a figure is left blank', () => {
    const list = check(
      { deaths: typedNew(5) },
      before({ reportedCases: [10, 10], deaths: [8, 8] }),
    );
    expect(list).toContainEqual(err(messages.deathsAboveReported));
  });

  it('skips the comparison when reported cases were never entered', () => {
    expect(check({ deaths: typedNew(5) }, before({}, null))).toEqual([low(messages.onlyDeaths)]);
  });

  it('does not compare figures that already failed a field rule', () => {
    const list = check(
      { reportedCases: typedCumulative(2.5), deaths: typedCumulative(9) },
      before({}, null),
    );
    expect(texts(list)).not.toContain(messages.deathsAboveReported);
  });
});

describe('validateCaseEntry: days gap', () => {
  const gap = messages.daysGapExceeded(14);
  it.each([
    ['14 days (exactly the gap)', '2024-03-01', false],
    ['15 days (one more)', '2024-02-29', true],
    ['13 days', '2024-03-02', false],
  ])('%s after the previous entry', (_name, previousDay, fires) => {
    const list = check(
      { reportedCases: typedNew(1) },
      before({ reportedCases: [10, 1] }, previousDay),
    );
    expect(texts(list).includes(gap)).toBe(fires);
  });

  it('says how many days are expected, and never at 1000 (no expected updates)', () => {
    const prev = before({ reportedCases: [10, 1] }, '2020-01-01');
    expect(check({ reportedCases: typedNew(1) }, prev, { allowedDaysGap: 1 })).toContainEqual(
      low(
        'This update exceeds the expected update frequency of 1 day(s). There may be historic data available.',
      ),
    );
    expect(check({ reportedCases: typedNew(1) }, prev, { allowedDaysGap: 1000 })).toEqual([]);
    expect(check({ reportedCases: typedNew(1) }, prev, { allowedDaysGap: 999 })).toContainEqual(
      low(messages.daysGapExceeded(999)),
    );
  });

  it('never for a first entry', () => {
    expect(check({ reportedCases: typedNew(1) }, before({}, null))).toEqual([]);
  });
});

describe('validateCaseEntry: sourced entries', () => {
  const prev = before({ reportedCases: [10, 2], deaths: [1, 0] });
  it('errs when no cumulative differs from the previous', () => {
    const list = check({ reportedCases: typedCumulative(10), deaths: typedCumulative(1) }, prev, {
      sourceId: 'AS-1',
    });
    expect(list).toContainEqual(err(messages.sourcedEntryUnchanged));
  });

  it('passes when one cumulative differs, and never applies to unsourced entries', () => {
    expect(
      check({ reportedCases: typedCumulative(11), deaths: typedCumulative(1) }, prev, {
        sourceId: 'AS-1',
      }),
    ).toEqual([]);
    expect(check({ reportedCases: typedCumulative(10) }, prev)).toEqual([]);
  });
});

it('all four figures are checked, each with its own label', () => {
  const list = check(
    {
      reportedCases: stored(1000, 900),
      suspectedCases: stored(500, 400),
      confirmedCases: stored(400, 300),
      deaths: stored(400, 300),
    },
    before({
      reportedCases: [100, 100],
      suspectedCases: [100, 100],
      confirmedCases: [100, 100],
      deaths: [100, 100],
    }),
  );
  expect(texts(list)).toEqual([
    messages.spikeInCumulative('Reported Cases', 1000, 100),
    messages.spikeInNewCases('Reported Cases', 900, 100),
    messages.spikeInCumulative('Suspected Cases', 500, 100),
    messages.spikeInNewCases('Suspected Cases', 400, 100),
    messages.spikeInCumulative('Confirmed Cases', 400, 100),
    messages.spikeInNewCases('Confirmed Cases', 300, 100),
    messages.spikeInCumulative('Deaths', 400, 100),
    messages.spikeInNewCases('Deaths', 300, 100),
  ]);
});
