/**
 * Feeds bench (issue 8), `npm run bench:feeds` and part of `npm run bench`:
 * 1. tagging and clustering quality on the labelled set (tests/fixtures/feeds-labelled.json):
 *    precision and recall of disease and country tags (per item, the tag sets against the
 *    labels), of same-story pairs (every pair of items: predicted in one cluster against
 *    labelled one story), and the content-type guess's accuracy;
 * 2. ingestion throughput (feeds-throughput.ts): 10,000 real-size items (2 KB of text) polled
 *    through the feed path, cold, warm and re-polled, on PostgreSQL when DATABASE_URL is set
 *    (else PGlite), with the time of each stage and the tagger's cost an item alone.
 */
import { readFileSync } from 'node:fs';
import { StoryClusters } from '@domain/feeds/clustering';
import { guessContentType } from '@domain/feeds/content-type';
import { minhashSignature } from '@domain/feeds/minhash';
import { Tagger } from '@domain/feeds/tagger';
import type { LabelledItem } from './feeds-corpus';
import { labelledDictionary } from './feeds-corpus';
import { measureThroughput } from './feeds-throughput';

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
  const t = await measureThroughput(throughputItems);
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  for (const r of t.rounds) {
    record(
      `feeds: ingestion ${r.round}, ${r.items} items of ${t.textBytes} B text (${t.backend})`,
      `${r.itemsPerSecond.toFixed(0)} items/s, ${r.stored} stored (${r.seconds.toFixed(1)} s; load ${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)} on ${t.cores} cores); CPU node ${r.cpu.node.toFixed(1)} s + PostgreSQL ${r.cpu.postgres.toFixed(1)} s = ${(r.items / (r.cpu.node + r.cpu.postgres)).toFixed(0)} items a CPU second`,
    );
    record(
      `feeds: … ${r.round} stages, summed over concurrent polls`,
      Object.entries(r.stages)
        .map(([stage, ms]) => `${stage.replace(/Ms$/, '')} ${sec(ms)}`)
        .join(', '),
    );
  }
  record(
    `feeds: tagger alone (${t.tagger.places} places in the dictionary)`,
    `${t.tagger.microsPerItem.toFixed(0)} µs an item`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(process.argv[2] ?? 10_000);
  await benchFeeds((name, value) => console.log(`  ${name}: ${value}`), size);
}
