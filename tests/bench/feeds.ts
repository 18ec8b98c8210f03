/**
 * Feeds bench (issue 8), `npm run bench:feeds` and part of `npm run bench`:
 * 1. tagging and clustering quality on the labelled set (tests/fixtures/feeds-labelled.json):
 *    precision and recall of disease and country tags (per item, the tag sets against the
 *    labels), of same-story pairs (every pair of items: predicted in one cluster against
 *    labelled one story), and the content-type guess's accuracy;
 * 2. ingestion throughput on 10,000 feed items served as RSS 2.0 documents of 500 items: parse,
 *    tag, sign, cluster, store (PGlite, in memory, seeded lookups and gazetteer), index for
 *    search and refresh the suggested actions (once, as a poll round does), in articles a second,
 *    with the time of each stage.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { StoryClusters } from '../../src/domain/feeds/clustering';
import { guessContentType } from '../../src/domain/feeds/content-type';
import { minhashSignature } from '../../src/domain/feeds/minhash';
import { Tagger } from '../../src/domain/feeds/tagger';
import { loadServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import type { IngestionTimings } from '../../server/feeds/ingestion';
import { FeedIngestion } from '../../server/feeds/ingestion';
import { parseFeedEntries } from '../../server/feeds/parse-feed';
import { seed } from '../../server/seed/run';
import { rss2 } from '../support/feed-server';
import type { LabelledItem } from './feeds-corpus';
import { generateLabelledItems, labelledDictionary } from './feeds-corpus';

export const labelledSetPath = 'tests/fixtures/feeds-labelled.json';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
const pr = (c: Counts) => ({
  precision: c.tp / Math.max(1, c.tp + c.fp),
  recall: c.tp / Math.max(1, c.tp + c.fn),
});
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function compareSets(counts: Counts, predicted: readonly number[], wanted: readonly number[]) {
  for (const id of predicted)
    if (wanted.includes(id)) counts.tp += 1;
    else counts.fp += 1;
  for (const id of wanted) if (!predicted.includes(id)) counts.fn += 1;
}

export interface FeedsQuality {
  readonly items: number;
  readonly stories: number;
  readonly disease: ReturnType<typeof pr>;
  readonly country: ReturnType<typeof pr>;
  readonly sameStory: ReturnType<typeof pr> & { pairs: number };
  readonly contentTypeAccuracy: number;
  /** Items with a labelled country whose first-ranked country (what suggestions use) is it. */
  readonly mainCountryAccuracy: number;
}

/** Quality on a labelled set (default: the committed fixture). */
export function measureQuality(items: readonly LabelledItem[]): FeedsQuality {
  const tagger = new Tagger(labelledDictionary());
  const disease: Counts = { tp: 0, fp: 0, fn: 0 };
  const country: Counts = { tp: 0, fp: 0, fn: 0 };
  let typeRight = 0;
  let mainRight = 0;
  let withCountry = 0;
  const clusters = new StoryClusters();
  const clusterOf = new Map<string, number>();
  const ordered = [...items].sort((a, b) => a.published.localeCompare(b.published));
  ordered.forEach((item, index) => {
    const tags = tagger.tag(item.title, item.text);
    compareSets(disease, tags.diseaseIds, item.labels.diseaseIds);
    compareSets(country, tags.countryIds, item.labels.countryIds);
    if (item.labels.countryIds.length > 0) {
      withCountry += 1;
      if (item.labels.countryIds.includes(tags.countryIds[0] ?? -1)) mainRight += 1;
    }
    const type = guessContentType({
      title: item.title,
      body: item.text,
      diseaseCount: tags.diseaseIds.length,
      placeCount: tags.locationIds.length,
    });
    if (type.hamTypeId === item.labels.contentType) typeRight += 1;
    const assigned = clusters.assign({
      articleId: index + 1,
      signature: minhashSignature(`${item.title} ${item.text}`),
      diseaseIds: tags.diseaseIds,
      countryIds: tags.countryIds,
      publishedAt: Date.parse(item.published),
    });
    clusterOf.set(item.id, assigned.clusterId);
  });
  const pairs: Counts = { tp: 0, fp: 0, fn: 0 };
  let labelledPairs = 0;
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      const a = items[i];
      const b = items[j];
      if (!a || !b) continue;
      const same = a.labels.storyId !== null && a.labels.storyId === b.labels.storyId;
      const predicted = clusterOf.get(a.id) === clusterOf.get(b.id);
      if (same) labelledPairs += 1;
      if (same && predicted) pairs.tp += 1;
      else if (predicted) pairs.fp += 1;
      else if (same) pairs.fn += 1;
    }
  }
  return {
    items: items.length,
    stories: new Set(items.map((i) => i.labels.storyId).filter((s) => s !== null)).size,
    disease: pr(disease),
    country: pr(country),
    sameStory: { ...pr(pairs), pairs: labelledPairs },
    contentTypeAccuracy: typeRight / Math.max(1, items.length),
    mainCountryAccuracy: mainRight / Math.max(1, withCountry),
  };
}

export interface FeedsThroughput {
  readonly items: number;
  readonly stored: number;
  readonly seconds: number;
  readonly articlesPerSecond: number;
  readonly parseMs: number;
  readonly ingestMs: number;
  readonly stages: IngestionTimings;
}

/** Ingests `count` generated items as RSS documents of 500 items into a fresh PGlite. */
export async function measureThroughput(count = 10_000): Promise<FeedsThroughput> {
  const config = loadServerConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SEARCH_ENGINE: 'sql',
  });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seed(database.db, { articles: 0, activities: 0 }, () => {});
    const items = generateLabelledItems(count, 2026, 20);
    const documents: string[] = [];
    for (let i = 0; i < items.length; i += 500) {
      documents.push(
        rss2(
          `bench ${i}`,
          items.slice(i, i + 500).map((item) => ({
            title: item.title,
            url: item.url,
            text: item.text,
            published: new Date(),
          })),
        ),
      );
    }
    const ingestion = new FeedIngestion(database.db);
    let parseMs = 0;
    let ingestMs = 0;
    let stored = 0;
    const t0 = performance.now();
    for (const document of documents) {
      const p0 = performance.now();
      const entries = parseFeedEntries(document);
      const p1 = performance.now();
      stored += await ingestion.ingest(null, 10, entries);
      parseMs += p1 - p0;
      ingestMs += performance.now() - p1;
    }
    await ingestion.refreshSuggestions();
    const seconds = (performance.now() - t0) / 1000;
    return {
      items: count,
      stored,
      seconds,
      articlesPerSecond: stored / seconds,
      parseMs,
      ingestMs,
      stages: { ...ingestion.timings },
    };
  } finally {
    await database.close();
  }
}

/** Both measures as table rows for docs/benchmarks.md. */
export async function benchFeeds(
  record: (name: string, value: string) => void,
  throughputItems = 10_000,
): Promise<void> {
  const items = JSON.parse(readFileSync(labelledSetPath, 'utf8')) as LabelledItem[];
  const q = measureQuality(items);
  record(
    `feeds: labelled set`,
    `${q.items} items, ${q.stories} stories, ${q.sameStory.pairs} same-story pairs`,
  );
  record(
    'feeds: disease tags precision / recall',
    `${pct(q.disease.precision)} / ${pct(q.disease.recall)}`,
  );
  record(
    'feeds: country tags precision / recall',
    `${pct(q.country.precision)} / ${pct(q.country.recall)}`,
  );
  record(
    'feeds: same-story pairs precision / recall',
    `${pct(q.sameStory.precision)} / ${pct(q.sameStory.recall)}`,
  );
  record(
    'feeds: main country (the first ranked, what suggestions use) right',
    pct(q.mainCountryAccuracy),
  );
  record('feeds: content-type guess accuracy', pct(q.contentTypeAccuracy));
  const load = loadavg()[0] ?? 0;
  const t = await measureThroughput(throughputItems);
  record(
    `feeds: ingestion throughput, ${t.items} items (parse + tag + cluster + store + index + suggested actions, PGlite)`,
    `${t.articlesPerSecond.toFixed(0)} articles/s (${t.seconds.toFixed(1)} s; load ${load.toFixed(1)} on ${cpus().length} cores)`,
  );
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  record(
    'feeds: … of which parse / tag, sign and cluster / store / index / suggested actions',
    [t.parseMs, t.stages.prepareMs, t.stages.storeMs, t.stages.indexMs, t.stages.suggestMs]
      .map(sec)
      .join(' / '),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(process.argv[2] ?? 10_000);
  await benchFeeds((name, value) => console.log(`  ${name}: ${value}`), size);
}
