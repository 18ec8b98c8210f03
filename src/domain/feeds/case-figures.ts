/**
 * Case figures an article states ('12 new cases', '3 deaths', '1,204 suspected cases'), for the
 * suggested reports (issue 8). The largest figure of each kind is kept: outlets often quote the
 * new and the cumulative count, and a report proposes the cumulative one.
 */

export interface CaseFigures {
  readonly reportedCases: number | null;
  readonly deaths: number | null;
}

const number = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const casesPattern = new RegExp(
  String.raw`\b${number}\s+(?:new\s+|more\s+|further\s+|additional\s+)?(?:suspected\s+|confirmed\s+|probable\s+|human\s+)?(?:cases|infections|patients)\b`,
  'gi',
);
const deathsPattern = new RegExp(
  String.raw`\b${number}\s+(?:deaths|dead|fatalities|people\s+died|have\s+died)\b`,
  'gi',
);

const largest = (text: string, pattern: RegExp): number | null => {
  let best: number | null = null;
  for (const match of text.matchAll(pattern)) {
    const value = Number((match[1] ?? '').replaceAll(',', ''));
    if (Number.isSafeInteger(value) && (best === null || value > best)) best = value;
  }
  return best;
};

export function extractCaseFigures(text: string): CaseFigures {
  return { reportedCases: largest(text, casesPattern), deaths: largest(text, deathsPattern) };
}
