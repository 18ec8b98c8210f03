import { defaultSeedUserIds, type SeedUserIds } from '../data/users';
import { createRng } from '../prng';
import { generateActivities, type GeneratedActivities } from './activities';
import { generateArticles, type GeneratedArticles } from './articles';
import { generateLocations, type GeneratedLocations } from './locations';
import { generateLookups, type LookupRows } from './lookups';

/** What to generate. Same options, same rows. */
export interface SeedOptions {
  readonly seed: number;
  readonly articles: number;
  readonly activities: number;
  /** The moment the data is generated "at": articles span the 180 days before it. */
  readonly now: Date;
  /** Database ids of the seed users (see data/users.ts). */
  readonly users?: SeedUserIds;
}

/** The whole demo data set as plain rows, ready to insert table by table. */
export interface SeedData {
  readonly lookups: LookupRows;
  readonly locations: GeneratedLocations;
  readonly articles: GeneratedArticles;
  readonly activities: GeneratedActivities;
}

/** The default seed of the demo data: any fixed number gives a reproducible data set. */
export const DEFAULT_SEED = 20_240_611;

/** Generates the demo data set: pure, no I/O, deterministic for the same options. */
export function generateSeedData(options: SeedOptions): SeedData {
  const users = options.users ?? defaultSeedUserIds;
  const rng = createRng(options.seed);
  const nowMs = options.now.getTime();
  const locations = generateLocations();
  const articles = generateArticles(
    rng.fork('articles'),
    locations,
    options.articles,
    nowMs,
    users,
  );
  const activities = generateActivities(
    rng.fork('activities'),
    locations,
    options.activities,
    nowMs,
    users,
    articles.byDiseaseCountry,
  );
  return { lookups: generateLookups(), locations, articles, activities };
}
