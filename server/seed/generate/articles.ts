import { ArticleContentType, FeedSource, SpeciesGroup } from '@domain/enums';
import type {
  articleContextTags,
  articleDiseases,
  articleLocations,
  articles,
} from '../../db/schema';
import {
  animalSettings,
  humanSettings,
  settingTag,
  writeBody,
  writeSummary,
  writeTitle,
  type Story,
} from '../data/article-text';
import { seedDiseases, type SeedDisease } from '../data/diseases';
import { contextTagGroups, dataSourceGroups } from '../data/lookups';
import { seedSources, type SeedSource } from '../data/sources';
import { seedSpecies } from '../data/species';
import type { SeedUserIds } from '../data/users';
import { formatDayMonth } from '../format';
import type { Rng } from '../prng';
import type { CountryPlaces, GeneratedLocations } from './locations';

export type ArticleRow = typeof articles.$inferInsert & { articleId: number };
export type ArticleDiseaseRow = typeof articleDiseases.$inferInsert;
export type ArticleLocationRow = typeof articleLocations.$inferInsert;
export type ArticleContextTagRow = typeof articleContextTags.$inferInsert;

/** What the activity generator needs to link reports to articles. */
export interface ArticleRef {
  readonly articleId: number;
  readonly publishedMs: number;
}

export interface GeneratedArticles {
  readonly articles: readonly ArticleRow[];
  readonly diseases: readonly ArticleDiseaseRow[];
  readonly locations: readonly ArticleLocationRow[];
  readonly contextTags: readonly ArticleContextTagRow[];
  /** Disease-activity articles by `${diseaseId}:${countryId}`, oldest first. */
  readonly byDiseaseCountry: ReadonlyMap<string, readonly ArticleRef[]>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Articles span the last ~180 days. */
export const ARTICLE_WINDOW_DAYS = 180;

const tagId = (() => {
  const map = new Map<string, number>();
  for (const g of contextTagGroups) for (const t of g.tags) map.set(t.displayName, t.id);
  return (name: string) => map.get(name);
})();
const categoryOfGroup = new Map(dataSourceGroups.map((g) => [g.id, g.categoryId]));
const speciesById = new Map(seedSpecies.map((s) => [s.speciesId, s]));

const authorityFor = (isHuman: boolean, country: string) =>
  isHuman ? `the ${country} Ministry of Health` : `${country}'s veterinary services`;

/** Outlets that could carry a story in this country: local ones, international ones, the feeds. */
function outletsFor(iso2: string, isHuman: boolean): readonly SeedSource[] {
  return seedSources.filter((s) => {
    if (s.country !== undefined && s.country !== iso2) return false;
    if (s.domain === 'afro.who.int') return AFRO.has(iso2);
    if (s.domain === 'emro.who.int') return EMRO.has(iso2);
    if (s.domain === 'paho.org') return PAHO.has(iso2);
    if (!isHuman) return true;
    return !['woah.org', 'wahis.woah.org', 'fao.org', 'thepoultrysite.com', 'pig333.com'].includes(
      s.domain,
    );
  });
}
const AFRO = new Set([
  'NG',
  'CD',
  'UG',
  'KE',
  'ET',
  'GH',
  'SN',
  'GN',
  'SL',
  'ZA',
  'TZ',
  'CM',
  'MG',
]);
const EMRO = new Set(['EG', 'SD', 'PK', 'SA', 'IR', 'YE']);
const PAHO = new Set(['US', 'CA', 'MX', 'HT', 'BR', 'AR', 'CO', 'PE', 'BO', 'VE']);

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

const articleUrl = (source: SeedSource, title: string, publishedMs: number, articleId: number) => {
  const d = new Date(publishedMs);
  const ymd = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
  if (source.domain === 'promedmail.org')
    return `https://promedmail.org/promed-post/?id=${8_700_000 + articleId}`;
  if (source.domain === 'x.com')
    return `https://x.com/i/status/${1_800_000_000_000_000_000n + BigInt(articleId)}`;
  return `https://www.${source.domain}/${ymd}/${slug(title)}-${articleId}`;
};

/** The feed an article arrives by: the outlet's own feed, GDELT or RSS now and then, else News Media. */
function feedFor(rng: Rng, source: SeedSource): number {
  if (source.feedId !== undefined && rng.chance(0.85)) return source.feedId;
  return rng.weighted([FeedSource.NewsMedia, FeedSource.GDELT, FeedSource.RSS], [6, 3, 1]);
}

interface Context {
  readonly rng: Rng;
  readonly places: GeneratedLocations;
  readonly nowMs: number;
  readonly users: SeedUserIds;
}

/**
 * `count` articles in clusters of the same story (1–5 outlets each): feed and analyst articles,
 * read and unread, tagged and suggested, linked to diseases and locations.
 */
export function generateArticles(
  rng: Rng,
  places: GeneratedLocations,
  count: number,
  nowMs: number,
  users: SeedUserIds,
): GeneratedArticles {
  const ctx: Context = { rng, places, nowMs, users };
  const out = {
    articles: [] as ArticleRow[],
    diseases: [] as ArticleDiseaseRow[],
    locations: [] as ArticleLocationRow[],
    contextTags: [] as ArticleContextTagRow[],
    byDiseaseCountry: new Map<string, ArticleRef[]>(),
  };
  const common = seedDiseases.filter((d) => d.excluded !== true);
  const excluded = seedDiseases.filter((d) => d.excluded === true);
  let nextId = 1;
  while (out.articles.length < count) {
    const kind = rng.weighted(['activity', 'information', 'spam'] as const, [82, 11, 7]);
    const disease = rng.chance(0.86) ? rng.pick(common) : rng.pick(excluded);
    const place = countryFor(rng, places, disease);
    const remaining = count - out.articles.length;
    const size =
      kind === 'activity'
        ? rng.weighted([1, 2, 3, 4, 5], [45, 20, 15, 12, 8])
        : kind === 'information'
          ? rng.weighted([1, 2], [80, 20])
          : 1;
    nextId = writeCluster(
      ctx,
      out,
      { kind, disease, place, size: Math.min(size, remaining) },
      nextId,
    );
  }
  for (const list of out.byDiseaseCountry.values())
    list.sort((a, b) => a.publishedMs - b.publishedMs);
  return out;
}

function countryFor(rng: Rng, places: GeneratedLocations, disease: SeedDisease): CountryPlaces {
  const usual = disease.countries.flatMap((iso) => places.byIso2.get(iso) ?? []);
  if (usual.length > 0 && rng.chance(0.85)) return rng.pick(usual);
  return rng.pick(places.countries);
}

interface ClusterPlan {
  readonly kind: 'activity' | 'information' | 'spam';
  readonly disease: SeedDisease;
  readonly place: CountryPlaces;
  readonly size: number;
}

function writeCluster(
  ctx: Context,
  out: {
    articles: ArticleRow[];
    diseases: ArticleDiseaseRow[];
    locations: ArticleLocationRow[];
    contextTags: ArticleContextTagRow[];
    byDiseaseCountry: Map<string, ArticleRef[]>;
  },
  plan: ClusterPlan,
  firstId: number,
): number {
  const { rng, nowMs } = ctx;
  const { disease, place, kind } = plan;
  const speciesId = rng.chance(0.7) ? (disease.speciesIds[0] ?? 1) : rng.pick(disease.speciesIds);
  const species = speciesById.get(speciesId);
  const isHuman = species?.speciesGroup === SpeciesGroup.Humans || species === undefined;
  const city = rng.pick(place.cities.slice(0, Math.max(1, Math.min(place.cities.length, 12))));
  const province = place.provinces.find((p) => p.id === city.provinceId);
  const newCases = Math.max(1, Math.round(disease.scale * (0.05 + rng.next() * rng.next())));
  const totalCases = newCases + rng.int(0, disease.scale * 6);
  const deaths = Math.min(totalCases, Math.round(totalCases * disease.cfr * (0.5 + rng.next())));
  const storyMs = nowMs - rng.next() * ARTICLE_WINDOW_DAYS * DAY;
  const setting = rng.pick(isHuman ? humanSettings : animalSettings);

  const outlets = rng.sample(outletsFor(place.country.iso2, isHuman), plan.size);
  const drawn = outlets.map((source, i) => {
    const publishedMs = storyMs + i * rng.next() * 36 * HOUR;
    const insertedMs = publishedMs + (10 + rng.next() * 30 * 60) * 60_000;
    return { source, publishedMs, insertedMs, id: firstId + i };
  });
  // A story drawn too close to now would run past it: move the whole story back rather than
  // clamp its late articles to the moment of seeding (a real feed inserts each article shortly
  // after it is published, and the demo's time windows should show that). Same random draws.
  const past = Math.max(
    0,
    ...drawn.map((m) => Math.max(m.insertedMs - nowMs, m.publishedMs - (nowMs - HOUR))),
  );
  // Its last article then lands 0–6 hours before now, spread by the story's own draw.
  const overrun = past === 0 ? 0 : past + ((nowMs - storyMs) % (6 * HOUR));
  const members = drawn.map((m) => ({
    ...m,
    publishedMs: Math.floor(m.publishedMs - overrun),
    insertedMs: Math.floor(m.insertedMs - overrun),
  }));
  const story: Story = {
    disease: disease.displayName,
    country: place.country.name,
    province: province?.name ?? place.country.name,
    city: city.name,
    species: species?.displayName ?? 'Humans',
    isHuman,
    newCases,
    totalCases,
    deaths,
    setting,
    authority: authorityFor(isHuman, place.country.name),
    date: formatDayMonth(storyMs - overrun),
  };
  // The parent is the first article the feeds picked up; the others are its children.
  members.sort((a, b) => a.insertedMs - b.insertedMs || a.id - b.id);
  const parentId = members[0]?.id ?? firstId;

  const storyTags = suggestedTags(story, kind, deaths);
  members.forEach((m, index) => {
    const { source } = m;
    const ageDays = (nowMs - m.insertedMs) / DAY;
    const byAnalyst = kind === 'activity' && rng.chance(0.025);
    const cosmos = !byAnalyst && rng.chance(0.08);
    const title = writeTitle(rng, story, kind, source.domain === 'promedmail.org');
    const isRead = rng.chance(
      0.3 + 0.55 * Math.min(1, ageDays / ARTICLE_WINDOW_DAYS) + (ageDays > 7 ? 0.05 : 0),
    );
    const summary = byAnalyst ? null : writeSummary(rng, story, kind);
    const body = byAnalyst ? null : writeBody(rng, story, kind);
    const analyst = rng.pick([ctx.users.amara, ctx.users.lukas, ctx.users.mei]);
    out.articles.push({
      articleId: m.id,
      title,
      originalSourceUrl: articleUrl(source, title, m.publishedMs, m.id),
      feedId: byAnalyst ? FeedSource.NewsMedia : feedFor(rng, source),
      hamTypeId:
        kind === 'activity'
          ? ArticleContentType.DiseaseActivity
          : kind === 'information'
            ? ArticleContentType.DiseaseInformation
            : ArticleContentType.Spam,
      publishedDate: new Date(m.publishedMs),
      insertedDate: new Date(m.insertedMs),
      sourceCategoryId: categoryOfGroup.get(source.groupId) ?? null,
      sourceGroupId: source.groupId,
      sourcePriorityId: source.priorityId,
      clusterId: parentId,
      isRead: byAnalyst || isRead,
      isCompleted: isRead && rng.chance(0.3),
      isImportant: kind === 'activity' && rng.chance(0.04),
      isChild: index > 0,
      childrenCount: index === 0 ? members.length - 1 : 0,
      originalLanguage: byAnalyst ? 'English' : source.language,
      // Second-store articles show their summary as content (spec 000 §2), so it carries the text.
      summary: cosmos && body !== null ? body : summary,
      body: cosmos ? null : body,
      createdByUserId: byAnalyst ? analyst : null,
      isCosmosDbArticle: cosmos,
      updatedAt: new Date(m.insertedMs),
    });

    if (kind !== 'spam') {
      out.diseases.push({ articleId: m.id, diseaseId: disease.diseaseId });
      if (rng.chance(0.08)) {
        const other = rng.pick(seedDiseases);
        if (other.diseaseId !== disease.diseaseId)
          out.diseases.push({ articleId: m.id, diseaseId: other.diseaseId });
      }
    }
    out.locations.push({ articleId: m.id, locationId: place.row.id });
    if (kind !== 'spam' || rng.chance(0.5)) {
      const local = rng.chance(0.5) ? city.id : province?.id;
      if (local !== undefined) out.locations.push({ articleId: m.id, locationId: local });
    }

    if (kind !== 'spam') {
      const linkedAt = new Date(m.insertedMs + HOUR);
      if (rng.chance(0.3)) {
        for (const id of rng.sample(storyTags, rng.int(1, 3)))
          out.contextTags.push({
            articleId: m.id,
            contextTagId: id,
            suggested: false,
            createdByUserId: analyst,
            createdAt: linkedAt,
          });
      } else if (!isRead && rng.chance(0.55)) {
        for (const id of rng.sample(storyTags, rng.int(1, 2)))
          out.contextTags.push({
            articleId: m.id,
            contextTagId: id,
            suggested: true,
            createdByUserId: null,
            createdAt: linkedAt,
          });
      }
    }

    if (kind === 'activity') {
      const key = `${disease.diseaseId}:${place.row.id}`;
      let list = out.byDiseaseCountry.get(key);
      if (list === undefined) out.byDiseaseCountry.set(key, (list = []));
      list.push({ articleId: m.id, publishedMs: m.publishedMs });
    }
  });
  return firstId + members.length;
}

/** Context tags a story would plausibly carry. */
function suggestedTags(story: Story, kind: ClusterPlan['kind'], deaths: number): number[] {
  const names: string[] = [];
  if (kind === 'activity') names.push('Outbreak', 'Laboratory confirmation');
  if (kind === 'information') names.push('Vaccination campaign', 'Travel advisory');
  if (deaths > 0) names.push('Death');
  const setting = settingTag[story.setting];
  if (setting !== undefined) names.push(setting);
  if (!story.isHuman) names.push('Culling', 'Movement restrictions', 'Zoonotic spillover');
  else names.push(transmissionTag(story.disease));
  return [...new Set(names.map(tagId).filter((id): id is number => id !== undefined))];
}

const transmissionTag = (disease: string) =>
  /cholera|typhoid|hepatitis|shigell|e\. coli/i.test(disease)
    ? 'Waterborne'
    : /dengue|zika|chikungunya|yellow|west nile|malaria|oropouche|japanese/i.test(disease)
      ? 'Vector-borne'
      : /salmonell|listeri|norovirus/i.test(disease)
        ? 'Foodborne'
        : 'Imported case';
