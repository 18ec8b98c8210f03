import { Importance } from '@domain/enums';
import { formatCount } from '../format';
import type { Rng } from '../prng';
import { escapeHtml } from './article-text';

/** Facts a situational update is written from. */
export interface UpdateFacts {
  readonly disease: string;
  readonly country: string;
  readonly place: string;
  readonly cumulative: number | null;
  readonly deaths: number | null;
  readonly since: string;
  readonly date: string;
  readonly isHuman: boolean;
}

const titles: Readonly<Record<Importance, readonly string[]>> = {
  Critical: [
    '{disease} outbreak escalates in {country}',
    'Deaths rise sharply as {disease} spreads in {place}',
    'National emergency declared over {disease} in {country}',
  ],
  Important: [
    '{disease} spreads to new districts in {place}',
    'Sharp rise in {disease} cases reported in {country}',
    'First {disease} cases confirmed in {place}',
  ],
  Standard: [
    'Situation update: {disease} in {country}',
    'Weekly {disease} update for {country}',
    '{disease} in {country}: cases stable',
  ],
};

const trends = [
  'Case numbers have increased compared with the previous reporting week.',
  'The number of new cases has remained stable over the past two weeks.',
  'New cases are declining, although reporting from remote districts is delayed.',
  'Most new cases are reported from {place}, where transmission continues.',
];

const humanResponses = [
  'Response activities include active case finding, contact tracing, risk communication and infection prevention and control in health facilities.',
  'A reactive vaccination campaign targeting the affected districts started this week, supported by international partners.',
  'Treatment centres have been set up and the laboratory network has expanded testing capacity.',
];
const animalResponses = [
  'Control measures include culling of affected animals, disinfection of premises, movement restrictions and active surveillance in the surrounding zone.',
  'Veterinary services have vaccinated animals in a ring around affected holdings and increased inspections at livestock markets.',
];

const fill = (t: string, f: UpdateFacts) =>
  t
    .replaceAll('{disease}', f.disease)
    .replaceAll('{country}', f.country)
    .replaceAll('{place}', f.place);

/** A situational update title (at most 150 characters); Standard updates sometimes have none. */
export function updateTitle(rng: Rng, importance: Importance, f: UpdateFacts): string | null {
  if (importance === Importance.Standard && rng.chance(0.4)) return null;
  return fill(rng.pick(titles[importance]), f).slice(0, 150);
}

/** A situational update body in the rich-text subset the editor produces. */
export function updateDescription(rng: Rng, f: UpdateFacts): string {
  const totals =
    f.cumulative === null
      ? `As of ${f.date}, reporting continues in ${f.place}.`
      : `As of ${f.date}, a cumulative total of ${formatCount(f.cumulative)} cases` +
        (f.deaths === null ? '' : ` including ${formatCount(f.deaths)} deaths`) +
        ` has been reported since ${f.since}.`;
  const first = `${totals} ${fill(rng.pick(trends), f)}`;
  const second = rng.pick(f.isHuman ? humanResponses : animalResponses);
  return `<p>${escapeHtml(first)}</p><p>${escapeHtml(second)}</p>`;
}

/** The note of a check-in. */
export function checkInNote(rng: Rng, noNewCases: boolean, since: string): string | null {
  if (rng.chance(0.3)) return null;
  return noNewCases
    ? `<p>No new cases reported by the national authorities since ${since}.</p>`
    : '<p>No new information available from official or media sources this week.</p>';
}

/** The notes of a traveller entry. */
export function travellerNote(origin: string, place: string): string {
  return `Traveller returning to ${origin} after a visit to ${place}; laboratory-confirmed after return.`;
}
