import { describe, expect, it } from 'vitest';
import { EntryType, FeedSource, ReportStatus, SpeciesGroup } from '@domain/enums';
import { excludedDiseasePreset } from '@domain/excluded-diseases';
import { seedDiseases } from '../data/diseases';
import { HUMAN_RISK_MODEL_ID } from '../data/lookups';
import { seedSpecies } from '../data/species';
import { generateSeedData, type SeedOptions } from './index';
import type { ReportRow } from './activities';

const options: SeedOptions = {
  seed: 7,
  articles: 6_000,
  activities: 120,
  now: new Date('2025-06-01T12:00:00Z'),
};
const data = generateSeedData(options);
const { articles, activities } = data;

describe('seed generator', () => {
  it('is deterministic: same options, same rows', () => {
    const again = generateSeedData(options);
    expect(JSON.stringify(again.articles.articles)).toBe(JSON.stringify(articles.articles));
    expect(JSON.stringify(again.activities)).toBe(JSON.stringify(activities));
    const other = generateSeedData({ ...options, seed: 8 });
    expect(JSON.stringify(other.articles.articles)).not.toBe(JSON.stringify(articles.articles));
  });

  it('writes the requested counts', () => {
    expect(articles.articles).toHaveLength(options.articles);
    expect(activities.activities).toHaveLength(options.activities);
    expect(data.lookups.diseases.length).toBeGreaterThanOrEqual(40);
    expect(data.locations.countries.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every cluster exactly one parent, whose childrenCount counts the rest', () => {
    const clusters = new Map<number, typeof articles.articles>();
    for (const a of articles.articles) {
      const id = a.clusterId ?? -1;
      clusters.set(id, [...(clusters.get(id) ?? []), a]);
    }
    let multi = 0;
    for (const members of clusters.values()) {
      const parents = members.filter((a) => a.isChild !== true);
      expect(parents).toHaveLength(1);
      expect(parents[0]?.childrenCount).toBe(members.length - 1);
      expect(members.length).toBeLessThanOrEqual(5);
      if (members.length > 1) multi++;
    }
    expect(multi).toBeGreaterThan(100);
  });

  it('publishes before inserting, within the last 180 days, on every feed', () => {
    const now = options.now.getTime();
    for (const a of articles.articles) {
      const published = a.publishedDate?.getTime() ?? 0;
      const inserted = a.insertedDate?.getTime() ?? 0;
      expect(published).toBeLessThanOrEqual(inserted);
      expect(inserted).toBeLessThanOrEqual(now);
      expect(now - published).toBeLessThan(182 * 86_400_000);
    }
    // Spread as a real feed inserts them, none clamped to the moment of seeding (issue 19):
    // 10 minutes hold about 0.1 of them on average.
    const lastTenMinutes = articles.articles.filter(
      (a) => (a.insertedDate?.getTime() ?? 0) > now - 10 * 60_000,
    );
    expect(lastTenMinutes.length).toBeLessThanOrEqual(3);
    const feeds = new Set(articles.articles.map((a) => a.feedId));
    for (const id of Object.values(FeedSource)) expect(feeds).toContain(id);
    const read =
      articles.articles.filter((a) => a.isRead === true).length / articles.articles.length;
    expect(read).toBeGreaterThan(0.45);
    expect(read).toBeLessThan(0.75);
    expect(articles.articles.some((a) => a.isCosmosDbArticle === true)).toBe(true);
    expect(articles.articles.some((a) => a.createdByUserId != null)).toBe(true);
  });

  it('keeps disease activities unique per disease, country and species, with the risk model rule', () => {
    const keys = new Set(
      activities.activities.map((a) => `${a.diseaseId}:${a.countryId}:${a.speciesId}`),
    );
    expect(keys.size).toBe(activities.activities.length);
    const speciesOf = new Map(activities.activities.map((a) => [a.diseaseActivityId, a.speciesId]));
    const groupOf = new Map(seedSpecies.map((s) => [s.speciesId, s.speciesGroup]));
    for (const c of activities.countries) {
      const human = groupOf.get(speciesOf.get(c.diseaseActivityId) ?? 0) === SpeciesGroup.Humans;
      expect(c.riskModelId === HUMAN_RISK_MODEL_ID).toBe(human);
    }
    for (const a of activities.activities) {
      const disease = seedDiseases.find((d) => d.diseaseId === a.diseaseId);
      expect(disease?.speciesIds).toContain(a.speciesId);
    }
  });

  it('keeps cumulative = previous cumulative + new cases, per location and reporting period', () => {
    const series = new Map<string, ReportRow[]>();
    for (const r of activities.reports) {
      if (r.reportStatus === ReportStatus.Deleted) continue;
      const kind =
        r.type === EntryType.CASE_DATA || r.type === EntryType.AUTO_SURVEILLANCE
          ? 'user'
          : r.type === EntryType.PROCESSED
            ? r.isNestingEntry === true
              ? 'nested'
              : 'processed'
            : null;
      if (kind === null) continue;
      const key = `${r.diseaseActivityId}:${r.reportingPeriodId}:${r.locationId}:${kind}`;
      series.set(key, [...(series.get(key) ?? []), r]);
    }
    let decreases = 0;
    for (const rows of series.values()) {
      rows.sort((a, b) => a.reportedOn.localeCompare(b.reportedOn));
      const prev = { reported: 0, suspected: 0, confirmed: 0, deaths: 0 };
      for (const r of rows) {
        const figures = [
          ['reported', r.reportedCumulative, r.reportedNewCases],
          ['suspected', r.suspectedCumulative, r.suspectedNewCases],
          ['confirmed', r.confirmedCumulative, r.confirmedNewCases],
          ['deaths', r.deathsCumulative, r.deathsNewCases],
        ] as const;
        for (const [name, cumulative, newCases] of figures) {
          if (cumulative == null) continue;
          expect(cumulative).toBe(prev[name] + (newCases ?? 0));
          expect(cumulative).toBeGreaterThanOrEqual(0);
          if ((newCases ?? 0) < 0) decreases++;
          prev[name] = cumulative;
        }
        const reported = r.reportedCumulative ?? 0;
        expect((r.confirmedCumulative ?? 0) + (r.suspectedCumulative ?? 0)).toBeLessThanOrEqual(
          reported,
        );
        expect(r.deathsCumulative ?? 0).toBeLessThanOrEqual(reported);
      }
    }
    // Downward revisions are rare and deliberate.
    expect(decreases).toBeLessThan(activities.reports.length / 100);
  });

  it('rolls the country up by the one cumulative rule: a city in a picked province counts once', () => {
    // The rule's words (docs/decisions/0058-one-cumulative-rule.md), per figure: a place counts the
    // larger of its own latest Daily Total (not a rolled-up one) and the sum of the places
    // directly below it that have a figure; the gazetteer's tree, within the reporting period.
    const children = new Map<number, number[]>();
    for (const row of data.locations.rows) {
      if (row.id === undefined || row.parentId == null) continue;
      children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
    }
    const own = new Map<string, ReportRow[]>();
    for (const r of activities.reports) {
      if (r.type !== EntryType.PROCESSED || r.reportStatus !== ReportStatus.Committed) continue;
      if (r.isNestingEntry === true) continue;
      const key = `${r.diseaseActivityId}:${r.reportingPeriodId}:${r.locationId}`;
      own.set(key, [...(own.get(key) ?? []), r]);
    }
    type Pick = (r: ReportRow) => number | null | undefined;
    const oracle = (r: ReportRow, place: number, pick: Pick): number | null => {
      let mine: number | null = null;
      let on = '';
      for (const x of own.get(`${r.diseaseActivityId}:${r.reportingPeriodId}:${place}`) ?? []) {
        if (x.reportedOn <= r.reportedOn && x.reportedOn >= on) {
          on = x.reportedOn;
          mine = pick(x) ?? null;
        }
      }
      const below = (children.get(place) ?? [])
        .map((c) => oracle(r, c, pick))
        .filter((v): v is number => v !== null);
      const sum = below.length === 0 ? null : below.reduce((a, b) => a + b, 0);
      return mine === null ? sum : sum === null ? mine : Math.max(mine, sum);
    };
    let rolledUp = 0;
    for (const r of activities.reports) {
      if (r.type !== EntryType.PROCESSED || r.isNestingEntry !== true) continue;
      rolledUp++;
      const where = `activity ${r.diseaseActivityId} on ${r.reportedOn}`;
      expect(r.reportedCumulative, where).toBe(
        oracle(r, r.locationId, (x) => x.reportedCumulative),
      );
      if (r.deathsCumulative != null)
        expect(r.deathsCumulative, where).toBe(oracle(r, r.locationId, (x) => x.deathsCumulative));
    }
    expect(rolledUp).toBeGreaterThan(100);
  });

  it('writes every entry type, saved and pending entries, and links articles to reports', () => {
    const types = new Set(activities.reports.map((r) => r.type));
    for (const type of Object.values(EntryType)) expect(types).toContain(type);
    expect(activities.reports.some((r) => r.reportStatus === ReportStatus.Saved)).toBe(true);
    expect(activities.collections.some((c) => c.commitDate === null)).toBe(true);
    expect(activities.reportArticles.length).toBeGreaterThan(0);
    expect(activities.descriptionVersions.length).toBeGreaterThan(0);
    const ids = new Set(articles.articles.map((a) => a.articleId));
    for (const link of activities.reportArticles) expect(ids).toContain(link.articleId);
  });

  it('marks the 22 commonly excluded diseases as the domain preset says', () => {
    const excluded = seedDiseases.filter((d) => d.excluded === true).map((d) => d.diseaseId);
    expect(excludedDiseasePreset).toHaveLength(22);
    expect([...excludedDiseasePreset].sort((a, b) => a - b)).toEqual(
      excluded.sort((a, b) => a - b),
    );
  });

  it('builds locations as city → province → country with display names', () => {
    const byId = data.locations.byId;
    for (const row of data.locations.rows) {
      if (row.parentId != null) expect(byId.has(row.parentId)).toBe(true);
      if (row.locationType === 2 && row.provinceId != null) {
        const province = byId.get(row.provinceId);
        expect(row.displayName).toBe(`${row.name}, ${province?.name ?? ''}`);
      }
    }
    expect(data.locations.rows.some((r) => r.isDuplicate === true)).toBe(true);
    expect(new Set(data.locations.rows.map((r) => r.locationType))).toEqual(
      new Set([2, 4, 6, 9, 30]),
    );
  });
});
