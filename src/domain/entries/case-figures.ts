/**
 * The four case figures of a case report (spec 001 §3 "Case report"): reportedCases,
 * suspectedCases, confirmedCases and deaths, each a pair of cumulative and new cases, which of
 * the two the analyst typed (userEntered), and whether the system filled it in (computed).
 */

/** The figures in the order of the entries table's columns. */
export const caseFigures = ['reportedCases', 'suspectedCases', 'confirmedCases', 'deaths'] as const;
export type CaseFigure = (typeof caseFigures)[number];

/** Column titles of the entries table, used in messages. */
export const caseFigureLabel: Readonly<Record<CaseFigure, string>> = {
  reportedCases: 'Reported Cases',
  suspectedCases: 'Suspected Cases',
  confirmedCases: 'Confirmed Cases',
  deaths: 'Deaths',
};

/** Which half of the pair the analyst typed; the other half is derived from it. */
export const userEnteredKinds = ['newCases', 'cumulative'] as const;
export type UserEntered = (typeof userEnteredKinds)[number];

/**
 * One figure of one entry. Empty is not zero: a figure the activity does not track, or the
 * analyst left blank, has null values.
 */
export interface CaseCount {
  readonly cumulative: number | null;
  readonly newCases: number | null;
  readonly userEntered: UserEntered | null;
  /**
   * True when the system filled the figure in rather than an entry of that day: carried forward
   * on a Daily Total from an earlier day, or rolled up from sub-locations (nesting).
   */
  readonly computed: boolean;
}

/** The four figures of one entry. */
export type CaseCounts = Readonly<Record<CaseFigure, CaseCount>>;

/** A blank figure. */
export const emptyCaseCount: CaseCount = {
  cumulative: null,
  newCases: null,
  userEntered: null,
  computed: false,
};

/** Four blank figures. */
export const emptyCaseCounts: CaseCounts = {
  reportedCases: emptyCaseCount,
  suspectedCases: emptyCaseCount,
  confirmedCases: emptyCaseCount,
  deaths: emptyCaseCount,
};

/** Builds the four figures from a function of the figure. */
export function mapFigures(of: (figure: CaseFigure) => CaseCount): CaseCounts {
  return {
    reportedCases: of('reportedCases'),
    suspectedCases: of('suspectedCases'),
    confirmedCases: of('confirmedCases'),
    deaths: of('deaths'),
  };
}

/** True when the figure carries a value (typed or derived). */
export const hasValue = (count: CaseCount): boolean =>
  count.cumulative !== null || count.newCases !== null;

/**
 * Which half the analyst typed: userEntered when it names a half with a value, otherwise new
 * cases when present, otherwise cumulative, otherwise none.
 */
export function typedHalf(count: CaseCount): UserEntered | null {
  if (count.userEntered === 'newCases' && count.newCases !== null) return 'newCases';
  if (count.userEntered === 'cumulative' && count.cumulative !== null) return 'cumulative';
  if (count.newCases !== null) return 'newCases';
  if (count.cumulative !== null) return 'cumulative';
  return null;
}
