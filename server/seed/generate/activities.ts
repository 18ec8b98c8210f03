import {
  EntryType,
  Importance,
  InactivityReason,
  ReportStatus,
  SpeciesGroup,
  UpdateStatus,
  type ReportingPeriodType,
} from '@domain/enums';
import type {
  descriptionVersions,
  diseaseActivities,
  diseaseActivityCountries,
  reportArticles,
  reportCollections,
  reportingPeriods,
  reports,
  UserEnteredKind,
} from '../../db/schema';
import {
  checkInNote,
  travellerNote,
  updateDescription,
  updateTitle,
  type UpdateFacts,
} from '../data/activity-text';
import { CumulativeTree, type NestingPlace } from '@domain/entries/cumulative-rule';
import { seedDiseases, type SeedDisease } from '../data/diseases';
import { HUMAN_RISK_MODEL_ID } from '../data/lookups';
import { seedSpecies, type SeedSpecies } from '../data/species';
import type { SeedUserIds } from '../data/users';
import { formatLongDate } from '../format';
import type { Rng } from '../prng';
import type { ArticleRef } from './articles';
import { pickTriples, type Triple } from './activity-triples';
import type { CountryPlaces, GeneratedLocations, LocationRow } from './locations';

export type ActivityRow = typeof diseaseActivities.$inferInsert & { diseaseActivityId: number };
export type ActivityCountryRow = typeof diseaseActivityCountries.$inferInsert;
export type PeriodRow = typeof reportingPeriods.$inferInsert & { id: number };
export type CollectionRow = typeof reportCollections.$inferInsert & { id: number };
export type ReportRow = typeof reports.$inferInsert & { id: number };
export type ReportArticleRow = typeof reportArticles.$inferInsert;
export type DescriptionVersionRow = typeof descriptionVersions.$inferInsert;

export interface GeneratedActivities {
  readonly activities: readonly ActivityRow[];
  readonly countries: readonly ActivityCountryRow[];
  readonly periods: readonly PeriodRow[];
  readonly collections: readonly CollectionRow[];
  readonly reports: readonly ReportRow[];
  readonly reportArticles: readonly ReportArticleRow[];
  readonly descriptionVersions: readonly DescriptionVersionRow[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Entries are due every 14 days (spec 001 §3 countryDetails default). */
const DAYS_NEEDED_FOR_UPDATE = 14;

/** A day number (days since 1970-01-01, UTC) as the YYYY-MM-DD the date columns take. */
export const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const longDay = (day: number) => formatLongDate(day * DAY);

type Figure = 'reported' | 'suspected' | 'confirmed' | 'deaths';
const FIGURES: readonly Figure[] = ['reported', 'suspected', 'confirmed', 'deaths'];
type Counts = Record<Figure, number>;
const zero = (): Counts => ({ reported: 0, suspected: 0, confirmed: 0, deaths: 0 });

interface Ids {
  activity: number;
  period: number;
  collection: number;
  report: number;
}

interface Out {
  activities: ActivityRow[];
  countries: ActivityCountryRow[];
  periods: PeriodRow[];
  collections: CollectionRow[];
  reports: ReportRow[];
  reportArticles: ReportArticleRow[];
  descriptionVersions: DescriptionVersionRow[];
}

/** Shared inputs of one generation run. */
interface Run {
  readonly rng: Rng;
  readonly todayDay: number;
  readonly nowMs: number;
  readonly users: SeedUserIds;
  readonly places: GeneratedLocations;
  readonly articles: ReadonlyMap<string, readonly ArticleRef[]>;
  readonly ids: Ids;
  readonly out: Out;
  /** An article already links to an auto-committed entry (the 'Auto-committed' tooltip shows). */
  autoLinkShown: boolean;
}

/**
 * `count` disease activities, each a unique (disease, country, species), with months of
 * committed history of every entry type, a few with saved (uncommitted) entries and a few with
 * pending auto-surveillance entries.
 */
export function generateActivities(
  rng: Rng,
  places: GeneratedLocations,
  count: number,
  nowMs: number,
  users: SeedUserIds,
  articles: ReadonlyMap<string, readonly ArticleRef[]>,
): GeneratedActivities {
  const out: Out = {
    activities: [],
    countries: [],
    periods: [],
    collections: [],
    reports: [],
    reportArticles: [],
    descriptionVersions: [],
  };
  const run: Run = {
    rng,
    todayDay: Math.floor(nowMs / DAY),
    nowMs,
    users,
    places,
    articles,
    ids: { activity: 1, period: 1, collection: 1, report: 1 },
    out,
    autoLinkShown: false,
  };
  for (const triple of pickTriples(rng, places, count)) generateActivity(run, triple);
  return out;
}

const diseaseById = new Map(seedDiseases.map((d) => [d.diseaseId, d]));
const speciesById = new Map(seedSpecies.map((s) => [s.speciesId, s]));

/** The risk model of spec 001 §5: 1 for humans, never 1 otherwise. */
function riskModelFor(species: SeedSpecies): number {
  if (species.speciesGroup === SpeciesGroup.Humans) return HUMAN_RISK_MODEL_ID;
  if (species.speciesGroup === SpeciesGroup.Vectors) return 4;
  if (species.speciesGroup === SpeciesGroup.WildAnimals) return 3;
  return 2;
}

interface Segment {
  readonly periodId: number;
  readonly start: number;
  /** Last day of the period, or null while open. */
  readonly end: number | null;
  readonly type: ReportingPeriodType;
  /** Last day with committed updates. */
  readonly lastUpdate: number;
}

/** Everything one activity's history generation carries along. */
interface ActivityState {
  readonly run: Run;
  readonly activityId: number;
  readonly disease: SeedDisease;
  readonly species: SeedSpecies;
  readonly place: CountryPlaces;
  readonly isHuman: boolean;
  readonly figures: readonly Figure[];
  readonly locations: readonly (LocationRow & { id: number })[];
  readonly countryLevel: boolean;
  readonly autoSurveillance: boolean;
  readonly cadence: number;
  readonly articleKey: string;
  readonly usedArticles: Set<number>;
  lastCommitMs: number;
  lastUserId: number;
  /** Cumulative counts per location at the end of the last period written. */
  openCumulative: ReadonlyMap<number, Counts>;
  hasCritical: boolean;
}

function generateActivity(run: Run, triple: Triple): void {
  const { rng, todayDay, ids, out } = run;
  const disease = diseaseById.get(triple.diseaseId);
  const species = speciesById.get(triple.speciesId);
  const place = run.places.countries.find((c) => c.row.id === triple.countryId);
  if (disease === undefined || species === undefined || place === undefined) return;
  const isHuman = species.speciesGroup === SpeciesGroup.Humans;
  const activityId = ids.activity++;
  const allowedDaysGap = rng.chance(0.6) ? 14 : 365;
  const cadence = allowedDaysGap === 14 ? rng.int(3, 10) : rng.int(7, 24);
  const historyDays = rng.int(45, 365);
  const firstStart = todayDay - historyDays;

  const countryLevel = rng.chance(0.35);
  const locations = countryLevel ? [place.row] : pickLocations(rng, place, rng.int(1, 5));
  const figures: Figure[] = isHuman
    ? rng.weighted<Figure[]>(
        [
          ['reported', 'suspected', 'confirmed', 'deaths'],
          ['reported', 'deaths'],
          ['reported', 'confirmed', 'deaths'],
        ],
        [45, 30, 25],
      )
    : rng.chance(0.7)
      ? ['reported', 'deaths']
      : ['reported'];
  const state: ActivityState = {
    run,
    activityId,
    disease,
    species,
    place,
    isHuman,
    figures,
    locations,
    countryLevel,
    autoSurveillance: isHuman && rng.chance(0.08),
    cadence,
    articleKey: `${disease.diseaseId}:${place.row.id}`,
    usedArticles: new Set(),
    lastCommitMs: firstStart * DAY,
    lastUserId: run.users.amara,
    openCumulative: new Map(),
    hasCritical: false,
  };

  // Reporting periods: most are open; some closed; some closed and followed by a new one.
  const shape = rng.weighted(['open', 'closed', 'restarted'] as const, [75, 15, 10]);
  const segments: Segment[] = [];
  if (shape === 'open') {
    const stale = rng.chance(0.25);
    const lastUpdate = stale
      ? todayDay - rng.int(20, 40)
      : todayDay - rng.int(0, Math.min(cadence, 10));
    segments.push(segment(run, activityId, firstStart, null, disease.periodType, lastUpdate));
  } else {
    const end =
      firstStart +
      Math.floor(
        historyDays * (shape === 'closed' ? rng.int(55, 90) / 100 : rng.int(35, 55) / 100),
      );
    segments.push(
      segment(run, activityId, firstStart, end, disease.periodType, end - rng.int(1, 7)),
    );
    if (shape === 'restarted') {
      const restart = end + rng.int(7, 30);
      segments.push(
        segment(run, activityId, restart, null, disease.periodType, todayDay - rng.int(0, 6)),
      );
    }
  }

  out.activities.push({
    diseaseActivityId: activityId,
    diseaseId: disease.diseaseId,
    countryId: place.row.id,
    speciesId: species.speciesId,
    hasNotableEvents: false,
    activityStatus: UpdateStatus.Active,
    lastUpdatedByUserId: null,
    createdAt: new Date(firstStart * DAY + 9 * HOUR),
    updatedAt: new Date(firstStart * DAY + 9 * HOUR),
  });
  out.countries.push({
    diseaseActivityId: activityId,
    countryId: place.row.id,
    riskModelId: riskModelFor(species),
    totalCountStartDate: isoDay(firstStart),
    publiclyVisible: rng.chance(0.8),
    daysNeededForUpdate: DAYS_NEEDED_FOR_UPDATE,
    allowedDaysGap,
    notes: rng.chance(0.3)
      ? `Figures from the ${place.country.name} national surveillance system.`
      : '',
    updatedAt: new Date(firstStart * DAY + 9 * HOUR),
  });

  for (const seg of segments) writeSegment(state, seg);
  const open = segments.find((s) => s.end === null);
  if (open !== undefined) {
    if (state.autoSurveillance && rng.chance(0.4)) writePending(state, open, 'auto');
    else if (rng.chance(0.07)) writePending(state, open, 'saved');
  }

  const activity = out.activities[out.activities.length - 1];
  if (activity !== undefined) {
    const lastDay = Math.floor(state.lastCommitMs / DAY);
    activity.activityStatus =
      open === undefined
        ? UpdateStatus.Inactive
        : todayDay - lastDay > DAYS_NEEDED_FOR_UPDATE
          ? UpdateStatus.NeedsUpdate
          : UpdateStatus.Active;
    activity.hasNotableEvents = state.hasCritical || rng.chance(0.05);
    activity.lastUpdatedByUserId = state.lastUserId;
    activity.updatedAt = new Date(state.lastCommitMs);
  }
}

function segment(
  run: Run,
  activityId: number,
  start: number,
  end: number | null,
  type: ReportingPeriodType,
  lastUpdate: number,
): Segment {
  const id = run.ids.period++;
  run.out.periods.push({
    id,
    diseaseActivityId: activityId,
    startDate: isoDay(start),
    endDate: end === null ? null : isoDay(end),
    reportingPeriodType: type,
    createdAt: new Date(start * DAY + 9 * HOUR),
  });
  return { periodId: id, start, end, type, lastUpdate: Math.max(start, lastUpdate) };
}

function pickLocations(
  rng: Rng,
  place: CountryPlaces,
  n: number,
): (LocationRow & { id: number })[] {
  const pool = [...place.provinces.slice(0, 12), ...place.cities.slice(0, 15)];
  return rng.sample(pool, n);
}

/** A collection committed by an analyst (or the auto-commit user) a few hours after `day`. */
function commitCollection(
  state: ActivityState,
  day: number,
  byAuto: boolean,
): { id: number; userId: number; at: Date } {
  const { run } = state;
  const { rng, users } = run;
  const userId = byAuto
    ? users.auto
    : rng.weighted([users.amara, users.lukas, users.mei], [40, 35, 25]);
  const atMs = Math.min(
    run.nowMs - 10 * 60_000,
    day * DAY + rng.int(8, 34) * HOUR + rng.int(0, 59) * 60_000,
  );
  const id = run.ids.collection++;
  const at = new Date(Math.max(atMs, state.lastCommitMs + 60_000));
  run.out.collections.push({
    id,
    diseaseActivityId: state.activityId,
    countryId: state.place.row.id,
    commitDate: at,
    lastUpdatedByUserId: userId,
    propagationUptoDate: null,
    createdAt: at,
    updatedAt: at,
  });
  state.lastCommitMs = at.getTime();
  state.lastUserId = userId;
  return { id, userId, at };
}

/** The fields every report has. */
function base(
  state: ActivityState,
  collection: { id: number; userId: number; at: Date },
  type: EntryType,
  locationId: number,
  day: number,
  seg: Segment,
  status: ReportStatus | null = ReportStatus.Committed,
  x: Partial<ReportRow> = {},
): ReportRow {
  // One object literal with every column: a fixed shape keeps 50,000 rows cheap to build.
  return {
    id: state.run.ids.report++,
    reportCollectionId: collection.id,
    diseaseActivityId: state.activityId,
    locationId,
    type,
    reportedOn: isoDay(day),
    reportStatus: status,
    updatedByUserId: collection.userId,
    reportingPeriodId: seg.periodId,
    createdAt: collection.at,
    updatedAt: collection.at,
    userEntriesCount: x.userEntriesCount ?? 0,
    isNestingEntry: x.isNestingEntry ?? false,
    isPropagationEntry: false,
    isPropagationTriggerEntry: false,
    reportedCumulative: x.reportedCumulative ?? null,
    reportedNewCases: x.reportedNewCases ?? null,
    reportedUserEntered: x.reportedUserEntered ?? null,
    reportedComputed: x.reportedComputed ?? false,
    suspectedCumulative: x.suspectedCumulative ?? null,
    suspectedNewCases: x.suspectedNewCases ?? null,
    suspectedUserEntered: x.suspectedUserEntered ?? null,
    suspectedComputed: x.suspectedComputed ?? false,
    confirmedCumulative: x.confirmedCumulative ?? null,
    confirmedNewCases: x.confirmedNewCases ?? null,
    confirmedUserEntered: x.confirmedUserEntered ?? null,
    confirmedComputed: x.confirmedComputed ?? false,
    deathsCumulative: x.deathsCumulative ?? null,
    deathsNewCases: x.deathsNewCases ?? null,
    deathsUserEntered: x.deathsUserEntered ?? null,
    deathsComputed: x.deathsComputed ?? false,
    sourceId: x.sourceId ?? null,
    autoSurveillanceCaseId: x.autoSurveillanceCaseId ?? null,
    propagatedFromDate: null,
    travellerCases: x.travellerCases ?? null,
    notes: x.notes ?? null,
    arrivalDate: x.arrivalDate ?? null,
    departureDate: x.departureDate ?? null,
    originLocationId: x.originLocationId ?? null,
    title: x.title ?? null,
    description: x.description ?? null,
    importance: x.importance ?? null,
    updateReason: x.updateReason ?? null,
    inactivityReason: x.inactivityReason ?? null,
    reportingPeriodType: x.reportingPeriodType ?? null,
    periodStartDate: x.periodStartDate ?? null,
  };
}

/** Links 0–3 articles about this disease in this country published shortly before `day`. */
function linkArticles(
  state: ActivityState,
  report: ReportRow,
  day: number,
  userId: number,
  at: Date,
): void {
  const { rng } = state.run;
  const list = state.run.articles.get(state.articleKey);
  if (list === undefined || list.length === 0 || !rng.chance(0.65)) return;
  const toMs = (day + 1) * DAY;
  const fromMs = toMs - 14 * DAY;
  const candidates = list.filter(
    (a) => a.publishedMs >= fromMs && a.publishedMs < toMs && !state.usedArticles.has(a.articleId),
  );
  for (const a of rng.sample(candidates, rng.int(1, 3))) {
    state.usedArticles.add(a.articleId);
    state.run.out.reportArticles.push({
      reportId: report.id,
      articleId: a.articleId,
      linkedByUserId: userId,
      linkedAt: at,
    });
  }
}

/**
 * Links the first article of the 14 days before `day` to an auto-committed entry, once per
 * seed, so the demo (and its e2e test) always has an article whose referenced entry shows
 * 'Auto-committed'. Draws nothing from the generator and marks nothing used, so the rest of
 * the seed is the same as without it (it depended on the date before).
 */
function linkFirstArticle(
  state: ActivityState,
  report: ReportRow,
  day: number,
  collection: { readonly userId: number; readonly at: Date },
): boolean {
  const toMs = (day + 1) * DAY;
  const article = state.run.articles
    .get(state.articleKey)
    ?.find((a) => a.publishedMs >= toMs - 14 * DAY && a.publishedMs < toMs);
  if (article === undefined) return false;
  state.run.out.reportArticles.push({
    reportId: report.id,
    articleId: article.articleId,
    linkedByUserId: collection.userId,
    linkedAt: collection.at,
  });
  return true;
}

/** The activity's country, its places and their ancestors, as the rule's tree takes them. */
function placesWithAncestors(state: ActivityState): NestingPlace[] {
  const out = new Map<number, NestingPlace>();
  const visit = (row: (LocationRow & { id: number }) | undefined) => {
    for (let at = row; at !== undefined && !out.has(at.id);) {
      const parentId = at.parentId ?? null;
      out.set(at.id, { id: at.id, name: at.name, locationType: at.locationType, parentId });
      at = parentId === null ? undefined : state.run.places.byId.get(parentId);
    }
  };
  visit(state.place.row);
  for (const l of state.locations) visit(l);
  return [...out.values()];
}

/** Writes one reporting period: its start entry, its updates and, if closed, its end entry. */
function writeSegment(state: ActivityState, seg: Segment): void {
  const { run } = state;
  const { rng, out } = run;
  const countryId = state.place.row.id;

  const opening = commitCollection(state, seg.start, false);
  out.reports.push(
    base(state, opening, EntryType.NEW_REPORTING_PERIOD, countryId, seg.start, seg, undefined, {
      reportingPeriodType: seg.type,
    }),
  );

  // Cumulative counts restart with each reporting period (spec 001 §4).
  const cumulative = new Map<number, Counts>(state.locations.map((l) => [l.id, zero()]));
  // The country's rolled-up Daily Total is the one cumulative rule's figure (a city inside a
  // picked province counts once), as the server computes it from the places' own totals.
  const rolledUp = new CumulativeTree(state.place.row.id, placesWithAncestors(state));
  state.openCumulative = cumulative;
  const countryTotal = zero();
  const peak = 0.2 + rng.next() * 0.6;
  const span = Math.max(1, seg.lastUpdate - seg.start);
  const locationWeight = new Map(state.locations.map((l, i) => [l.id, 1 / (1 + i * 0.6)]));
  const correctionDay = rng.chance(0.03) ? seg.start + Math.floor(span * 0.7) : -1;
  let firstUpdate = true;
  let lastCasesDay = seg.start;
  let corrected = false;

  for (
    let day = seg.start + rng.int(1, 4);
    day <= seg.lastUpdate;
    day += Math.max(1, state.cadence + rng.int(-2, 2))
  ) {
    const t = (day - seg.start) / span;
    const curve = 0.08 + Math.exp(-((t - peak) ** 2) / 0.05);
    const casesToday = rng.chance(firstUpdate ? 1 : 0.8);
    const byAuto = state.autoSurveillance && casesToday && rng.chance(0.7);
    const collection = commitCollection(state, day, byAuto);
    const dayEntries: ReportRow[] = [];
    let correctedToday = false;

    if (casesToday) {
      const reporting = state.locations.filter((_, i) => i === 0 || rng.chance(0.65));
      for (const loc of reporting) {
        const scale = state.disease.scale * (locationWeight.get(loc.id) ?? 1) * (state.cadence / 7);
        const reported = Math.max(0, Math.round(scale * curve * (0.3 + rng.next() * 0.9)));
        const delta = splitCases(state, reported);
        const prev = cumulative.get(loc.id) ?? zero();
        const correcting =
          !corrected &&
          correctionDay > 0 &&
          day >= correctionDay &&
          state.figures.includes('suspected');
        const room = Math.min(prev.suspected, prev.reported - prev.deaths);
        if (correcting && room >= 2) {
          // A deliberate downward revision: suspected cases discarded after testing.
          corrected = true;
          correctedToday = true;
          const discarded = Math.min(room, rng.int(1, Math.max(1, Math.floor(room / 4))));
          delta.suspected = -discarded;
          delta.reported = -discarded;
          delta.confirmed = 0;
          delta.deaths = 0;
        }
        const next = add(prev, delta);
        cumulative.set(loc.id, next);
        rolledUp.set(loc.id, {
          reportedCases: next.reported,
          suspectedCases: next.suspected,
          confirmedCases: next.confirmed,
          deaths: next.deaths,
        });
        const entry = base(
          state,
          collection,
          byAuto ? EntryType.AUTO_SURVEILLANCE : EntryType.CASE_DATA,
          loc.id,
          day,
          seg,
          undefined,
          {
            ...caseColumns(state, next, delta, 'user'),
            userEntriesCount: 1,
            ...(byAuto
              ? {
                  sourceId: `AS-${state.place.country.iso2}-${state.activityId}`,
                  autoSurveillanceCaseId: `ASC-${day}-${loc.id}`,
                }
              : {}),
          },
        );
        dayEntries.push(entry);
        out.reports.push(entry);
        out.reports.push(
          base(state, collection, EntryType.PROCESSED, loc.id, day, seg, undefined, {
            ...caseColumns(state, next, delta, 'processed'),
            userEntriesCount: 1,
          }),
        );
        if (!byAuto) linkArticles(state, entry, day, collection.userId, collection.at);
        else if (!run.autoLinkShown)
          run.autoLinkShown = linkFirstArticle(state, entry, day, collection);
      }
      if (correctedToday) {
        const note = base(
          state,
          collection,
          EntryType.DESCRIPTION,
          countryId,
          day,
          seg,
          undefined,
          {
            title: 'Reclassification of suspected cases',
            description:
              '<p>Suspected cases that tested negative have been discarded; cumulative figures were revised downwards.</p>',
            importance: Importance.Standard,
            updateReason: 'IST Update',
          },
        );
        out.reports.push(note);
      }
      if (!state.countryLevel) {
        // The country's Daily Total nests the latest totals of every location (spec 001 §3 "Nesting").
        const rule = rolledUp.cumulativeOf(countryId);
        const sum: Counts = {
          reported: rule.reportedCases ?? 0,
          suspected: rule.suspectedCases ?? 0,
          confirmed: rule.confirmedCases ?? 0,
          deaths: rule.deaths ?? 0,
        };
        const delta = zero();
        for (const f of FIGURES) delta[f] = sum[f] - countryTotal[f];
        Object.assign(countryTotal, sum);
        out.reports.push(
          base(state, collection, EntryType.PROCESSED, countryId, day, seg, undefined, {
            ...caseColumns(state, sum, delta, 'nested'),
            isNestingEntry: true,
            userEntriesCount: dayEntries.length,
          }),
        );
      }
      lastCasesDay = day;
    } else {
      const noNewCases = rng.chance(0.6);
      const checkIn = base(
        state,
        collection,
        EntryType.INACTIVITY,
        countryId,
        day,
        seg,
        undefined,
        {
          inactivityReason: noNewCases
            ? InactivityReason.NoNewCases
            : InactivityReason.NoNewInformation,
          description: checkInNote(rng, noNewCases, longDay(lastCasesDay)),
        },
      );
      out.reports.push(checkIn);
      linkArticles(state, checkIn, day, collection.userId, collection.at);
    }

    if (firstUpdate || rng.chance(0.22))
      writeDescription(state, seg, collection, day, cumulative, firstUpdate);
    if (state.isHuman && rng.chance(0.06)) writeTraveller(state, seg, collection, day);
    firstUpdate = false;
  }

  if (seg.end !== null) {
    const closing = commitCollection(state, seg.end, false);
    out.reports.push(
      base(state, closing, EntryType.END_REPORTING_PERIOD, countryId, seg.end, seg, undefined, {
        reportingPeriodType: seg.type,
        periodStartDate: isoDay(seg.start),
      }),
    );
  }
}

/** Splits new reported cases into suspected, confirmed and deaths (each within reported). */
function splitCases(state: ActivityState, reported: number): Counts {
  const { rng } = state.run;
  const confirmedShare = 0.2 + rng.next() * 0.5;
  const confirmed = Math.floor(reported * confirmedShare);
  const suspected = Math.floor((reported - confirmed) * (0.5 + rng.next() * 0.5));
  const deaths = Math.min(
    reported,
    Math.round(reported * state.disease.cfr * (0.4 + rng.next() * 1.2)),
  );
  return { reported, suspected, confirmed, deaths };
}

const add = (a: Counts, b: Counts): Counts => ({
  reported: a.reported + b.reported,
  suspected: a.suspected + b.suspected,
  confirmed: a.confirmed + b.confirmed,
  deaths: a.deaths + b.deaths,
});

/**
 * The count columns of a case report. For a user entry, `userEntered` says which of new or
 * cumulative the analyst typed; a Daily Total carries no `userEntered`, and a nested Daily
 * Total is computed. Figures the activity does not track stay empty (empty is not zero).
 */
function caseColumns(
  state: ActivityState,
  cumulative: Counts,
  delta: Counts,
  kind: 'user' | 'processed' | 'nested',
) {
  const { rng } = state.run;
  const col = (f: Figure) => {
    const tracked = state.figures.includes(f);
    const userEntered: UserEnteredKind | null =
      kind === 'user' && tracked ? (rng.chance(0.6) ? 'newCases' : 'cumulative') : null;
    return {
      cumulative: tracked ? cumulative[f] : null,
      newCases: tracked ? delta[f] : null,
      userEntered,
      computed: tracked && kind === 'nested',
    };
  };
  const r = col('reported');
  const s = col('suspected');
  const c = col('confirmed');
  const d = col('deaths');
  return {
    reportedCumulative: r.cumulative,
    reportedNewCases: r.newCases,
    reportedUserEntered: r.userEntered,
    reportedComputed: r.computed,
    suspectedCumulative: s.cumulative,
    suspectedNewCases: s.newCases,
    suspectedUserEntered: s.userEntered,
    suspectedComputed: s.computed,
    confirmedCumulative: c.cumulative,
    confirmedNewCases: c.newCases,
    confirmedUserEntered: c.userEntered,
    confirmedComputed: c.computed,
    deathsCumulative: d.cumulative,
    deathsNewCases: d.newCases,
    deathsUserEntered: d.userEntered,
    deathsComputed: d.computed,
  };
}

function writeDescription(
  state: ActivityState,
  seg: Segment,
  collection: { id: number; userId: number; at: Date },
  day: number,
  cumulative: ReadonlyMap<number, Counts>,
  first: boolean,
): void {
  const { rng, out, users } = state.run;
  let total: Counts | null = null;
  for (const c of cumulative.values()) total = total === null ? { ...c } : add(total, c);
  const importance = first
    ? rng.weighted([Importance.Important, Importance.Standard, Importance.Critical], [50, 40, 10])
    : rng.weighted([Importance.Standard, Importance.Important, Importance.Critical], [75, 20, 5]);
  if (importance === Importance.Critical) state.hasCritical = true;
  const where = rng.pick(state.locations);
  const facts: UpdateFacts = {
    disease: state.disease.displayName,
    country: state.place.country.name,
    place: where.name,
    cumulative: total === null ? null : total.reported,
    deaths: total === null || !state.figures.includes('deaths') ? null : total.deaths,
    since: longDay(seg.start),
    date: longDay(day),
    isHuman: state.isHuman,
  };
  const report: ReportRow = base(
    state,
    collection,
    EntryType.DESCRIPTION,
    state.place.row.id,
    day,
    seg,
    undefined,
    {
      title: updateTitle(rng, importance, facts),
      description: updateDescription(rng, facts),
      importance,
      updateReason: rng.chance(0.7) ? 'IST Update' : 'Media Update',
    },
  );
  out.reports.push(report);
  linkArticles(state, report, day, collection.userId, collection.at);

  // Version history: an earlier wording kept when the update was edited after commit.
  if (rng.chance(0.1)) {
    const versions = rng.int(1, 2);
    for (let v = 1; v <= versions; v++) {
      out.descriptionVersions.push({
        reportId: report.id,
        version: v,
        title: report.title ?? null,
        description: updateDescription(rng, {
          ...facts,
          cumulative:
            facts.cumulative === null ? null : Math.max(0, facts.cumulative - rng.int(1, 20)),
        }),
        importance:
          v === 1 && importance !== Importance.Standard ? Importance.Standard : importance,
        updateReason: report.updateReason ?? null,
        reportedOn: isoDay(day),
        updatedByUserId: rng.pick([users.amara, users.lukas, users.mei]),
        createdAt: new Date(collection.at.getTime() - (versions - v + 1) * HOUR),
      });
    }
  }
}

function writeTraveller(
  state: ActivityState,
  seg: Segment,
  collection: { id: number; userId: number; at: Date },
  day: number,
): void {
  const { rng, out, places } = state.run;
  const others = places.countries.filter((c) => c !== state.place);
  const originCountry = rng.pick(others);
  const origin = rng.pick(originCountry.cities.slice(0, 3));
  const where = rng.pick(state.locations);
  const departure = day - rng.int(14, 30);
  const report: ReportRow = base(
    state,
    collection,
    EntryType.TRAVELLER,
    where.id,
    day,
    seg,
    undefined,
    {
      travellerCases: rng.weighted([1, 2, 3], [75, 18, 7]),
      notes: travellerNote(`${origin.name}, ${originCountry.country.name}`, where.name),
      departureDate: isoDay(departure),
      arrivalDate: isoDay(Math.min(day, departure + rng.int(5, 14))),
      originLocationId: origin.id,
    },
  );
  out.reports.push(report);
  linkArticles(state, report, day, collection.userId, collection.at);
}

/**
 * Entries not yet committed: analyst work saved for later, or auto-surveillance figures
 * waiting for review (which lock manual entry, spec 001 §2).
 */
function writePending(state: ActivityState, seg: Segment, kind: 'saved' | 'auto'): void {
  const { run } = state;
  const { rng, out, users, todayDay } = run;
  const day = Math.max(seg.lastUpdate + 1, todayDay - rng.int(0, 2));
  if (day > todayDay) return;
  const userId = kind === 'auto' ? users.auto : rng.pick([users.amara, users.lukas, users.mei]);
  const at = new Date(Math.min(run.nowMs - 5 * 60_000, day * DAY + rng.int(8, 20) * HOUR));
  const collection = { id: run.ids.collection++, userId, at };
  out.collections.push({
    id: collection.id,
    diseaseActivityId: state.activityId,
    countryId: state.place.row.id,
    commitDate: null,
    lastUpdatedByUserId: userId,
    propagationUptoDate: null,
    createdAt: at,
    updatedAt: at,
  });
  // Continue from the committed cumulative of each location in this period.
  const latest = state.openCumulative;
  const type = kind === 'auto' ? EntryType.AUTO_SURVEILLANCE : EntryType.CASE_DATA;
  for (const loc of state.locations.slice(0, rng.int(1, Math.min(2, state.locations.length)))) {
    const delta = splitCases(
      state,
      Math.max(1, Math.round(state.disease.scale * 0.3 * rng.next())),
    );
    const next = add(latest.get(loc.id) ?? zero(), delta);
    out.reports.push(
      base(state, collection, type, loc.id, day, seg, ReportStatus.Saved, {
        ...caseColumns(state, next, delta, 'user'),
        userEntriesCount: 1,
        ...(kind === 'auto'
          ? {
              sourceId: `AS-${state.place.country.iso2}-${state.activityId}`,
              autoSurveillanceCaseId: `ASC-${day}-${loc.id}`,
            }
          : {}),
      }),
    );
  }
}
