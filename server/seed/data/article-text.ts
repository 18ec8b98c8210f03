import { formatCount } from '../format';
import type { Rng } from '../prng';

/** The facts one news story is written from; every outlet in a cluster reports the same story. */
export interface Story {
  readonly disease: string;
  readonly country: string;
  readonly province: string;
  readonly city: string;
  /** The affected species, e.g. 'Humans', 'Poultry'. */
  readonly species: string;
  readonly isHuman: boolean;
  readonly newCases: number;
  readonly totalCases: number;
  readonly deaths: number;
  readonly setting: string;
  /** e.g. 'the Ministry of Health', 'veterinary services'. */
  readonly authority: string;
  readonly date: string;
}

const fill = (template: string, s: Story) =>
  template
    .replaceAll('{disease}', s.disease)
    .replaceAll('{country}', s.country)
    .replaceAll('{province}', s.province)
    .replaceAll('{city}', s.city)
    .replaceAll('{species}', s.species.toLowerCase())
    .replaceAll('{n}', formatCount(s.newCases))
    .replaceAll('{total}', formatCount(s.totalCases))
    .replaceAll('{deaths}', formatCount(s.deaths))
    .replaceAll('{setting}', s.setting)
    .replaceAll('{authority}', s.authority)
    .replaceAll('{date}', s.date);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const humanActivityTitles = [
  '{country} reports {n} new cases of {disease} in {province}',
  'Health officials confirm {disease} outbreak at {setting} in {city}',
  'WHO: Disease Outbreak News – {disease} – {country}',
  '{disease} cases climb to {total} in {province} as officials step up response',
  '{deaths} dead as {disease} spreads in {city}, {country}',
  '{country}: {disease} outbreak declared in {province}',
  '{city} authorities report {n} suspected {disease} cases',
  'First {disease} cases of the season confirmed in {province}',
  '{disease} outbreak linked to {setting} in {city} sickens {n}',
  'Rapid response teams deployed as {disease} cases rise in {province}, {country}',
  '{country} confirms {n} more {disease} infections; total now {total}',
];

const animalActivityTitles = [
  '{disease} confirmed in {species} in {province}, {country}',
  '{country} notifies WOAH of {disease} in {species} at {setting} in {province}',
  'Officials cull {n} {species} after {disease} detected near {city}',
  '{disease} outbreak on {setting} in {province} prompts movement restrictions',
  'Veterinary services report {n} new {disease} outbreaks in {country}',
  '{province}: {disease} spreads to {n} more {species} holdings',
];

const informationTitles = [
  'What you need to know about {disease}',
  'Study sheds light on {disease} transmission in {country}',
  '{country} launches {disease} vaccination campaign in {province}',
  'Experts warn of rising {disease} risk ahead of the rainy season',
  'New rapid test for {disease} shows promise in {country} trial',
  'How {city} hospitals are preparing for {disease}',
  '{disease}: symptoms, treatment and prevention explained',
];

const spamTitles = [
  'Top 10 immune-boosting supplements for this winter',
  'Celebrity chef opens new restaurant in {city}',
  '{city} football club wins regional cup after dramatic final',
  '{city} property prices hit record high',
  'Review: the best fitness trackers of the year',
  'Five day trips from {city} this weekend',
  'Local band from {province} announces farewell tour',
];

const promedTitle = 'PRO/AH/EDR> {disease} – {country} ({province})';

/** A headline for the story; `kind` follows the article content type. */
export function writeTitle(
  rng: Rng,
  s: Story,
  kind: 'activity' | 'information' | 'spam',
  isProMed: boolean,
): string {
  if (kind === 'spam') return fill(rng.pick(spamTitles), s);
  if (kind === 'information') return fill(rng.pick(informationTitles), s);
  if (isProMed) return fill(promedTitle, s);
  return fill(rng.pick(s.isHuman ? humanActivityTitles : animalActivityTitles), s);
}

const summaries = [
  '{authority} reported {n} new cases of {disease} in {province} on {date}, bringing the total to {total}, including {deaths} deaths.',
  'Authorities in {country} have confirmed an outbreak of {disease} in {city}, with {n} new cases recorded in the past week.',
  'The number of {disease} cases in {province} has risen to {total}, according to {authority}, which is investigating a cluster linked to {setting}.',
  '{n} new {disease} cases and {deaths} deaths have been reported in {country}, {authority} said in its latest situation report.',
];

const animalSummaries = [
  '{authority} confirmed {disease} in {species} at {setting} in {province} on {date}; {n} animals were affected.',
  '{country} has reported {n} new outbreaks of {disease} among {species} in {province}, according to {authority}.',
];

/** One or two sentences, the tooltip text of the article index. */
export function writeSummary(rng: Rng, s: Story, kind: 'activity' | 'information' | 'spam'): string {
  if (kind === 'spam') return fill('A look at what is new in {city} this week.', s);
  if (kind === 'information')
    return fill('Experts in {country} explain how {disease} spreads, who is most at risk and how to prevent infection.', s);
  return fill(rng.pick(s.isHuman ? summaries : animalSummaries), s);
}

const responseParagraphs = [
  'Rapid response teams have been deployed to {province} to support case finding, contact tracing and community engagement. Samples have been sent to the national reference laboratory for confirmation.',
  'Local health authorities said surveillance had been strengthened in neighbouring districts and that health workers had been reminded to report suspected cases within 24 hours.',
  'The affected {setting} has been placed under enhanced monitoring and residents have been urged to seek care early if they develop symptoms.',
  'Officials said stocks of medicines and protective equipment had been pre-positioned in {city}, and that a vaccination campaign was under consideration.',
];

const animalResponseParagraphs = [
  'Veterinary services have established a protection zone around the affected {setting} and restricted the movement of {species} within {province}.',
  'Infected and in-contact animals have been culled and the premises disinfected. Surveillance is being carried out on holdings within a 10 km radius.',
  'Farmers have been urged to tighten biosecurity and to report sick or dead animals to the district veterinary office without delay.',
];

const quotes = [
  '"We urge the public to remain calm and to follow the advice of health workers," a spokesperson for {authority} said.',
  '"The situation is under control, but we are not letting our guard down," an official in {city} told reporters.',
  '"Early reporting saves lives," said a regional health director, adding that treatment is free at public facilities.',
];

/** A few paragraphs of simple HTML (<p> only), as the feeds deliver translated bodies. */
export function writeBody(rng: Rng, s: Story, kind: 'activity' | 'information' | 'spam'): string {
  const paragraphs: string[] = [writeSummary(rng, s, kind)];
  if (kind === 'spam') {
    paragraphs.push(fill('Readers in {city} and across {province} can find more details on our website.', s));
  } else {
    const pool = s.isHuman ? responseParagraphs : animalResponseParagraphs;
    paragraphs.push(...rng.sample(pool, 2).map((p) => fill(p, s)));
    if (s.isHuman) paragraphs.push(fill(rng.pick(quotes), s));
    paragraphs.push(
      capitalise(
        fill(
          '{disease} has been reported in {country} before; the last large outbreak prompted a national response plan that remains in place.',
          s,
        ),
      ),
    );
  }
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
}

/** Escapes text placed inside generated HTML. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export const humanSettings = [
  'a hospital', 'a primary school', 'a prison', 'a refugee camp', 'a market', 'a care home',
  'a wedding', 'a university hall of residence', 'a military barracks', 'a factory canteen',
];
export const animalSettings = [
  'a commercial poultry farm', 'a pig farm', 'a dairy farm', 'a livestock market',
  'a backyard flock', 'a sheep holding', 'a wildlife reserve',
];

/** Maps a setting to the context tag it suggests, by tag display name. */
export const settingTag: Readonly<Record<string, string>> = {
  'a hospital': 'Hospital',
  'a primary school': 'School',
  'a prison': 'Prison',
  'a refugee camp': 'Refugee camp',
  'a market': 'Market',
  'a care home': 'Care home',
  'a wedding': 'Mass gathering',
  'a livestock market': 'Market',
  'a commercial poultry farm': 'Farm',
  'a pig farm': 'Farm',
  'a dairy farm': 'Farm',
  'a backyard flock': 'Farm',
  'a sheep holding': 'Farm',
};
