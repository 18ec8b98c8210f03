/**
 * The worker's disease activity search (issue 5 target: p95 under 5 ms a keystroke at 20,000
 * activities), measured in process on a list as GET /api/diseaseactivities answers it:
 * - decoding the list (effect Schema, as the engine does) and building the index, with the
 *   heap the index takes;
 * - per keystroke: typing real queries letter by letter (prefixes, + and -, phrases), with chips
 *   and a column sort, each answer structured-cloned as Comlink would send it;
 * - the palette's fuzzy find (fuse.js over the name vocabulary) against fuse.js over every row.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import Fuse from 'fuse.js';
import { Schema } from 'effect';
import { defaultActivitySort, noActivityFilters } from '@domain/activity-index';
import type { ActivityFilters, ActivitySort } from '@domain/activity-index';
import { DiseaseActivityList, activityTitle } from '@domain/disease-activities';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { ActivityIndex } from '@workers/activity-search/activity-index';
import { ActivityFinder } from '@workers/activity-search/fuzzy-find';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Every prefix of each query, as typed. */
function keystrokes(queries: readonly string[]): string[] {
  return queries.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));
}

export interface ActivitySearchBench {
  readonly rows: number;
  readonly decodeMs: number;
  readonly buildMs: number;
  readonly heapMb: number;
  readonly keystrokes: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly finderP95Ms: number;
  readonly fuseAllRowsP95Ms: number;
}

/** Times the index on `json` (the parsed GET /api/diseaseactivities answer). */
export function benchActivitySearch(json: unknown): ActivitySearchBench {
  let t = performance.now();
  const list: readonly DiseaseActivityListItem[] =
    Schema.decodeUnknownSync(DiseaseActivityList)(json);
  const decodeMs = performance.now() - t;

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  t = performance.now();
  const index = new ActivityIndex(list);
  const buildMs = performance.now() - t;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  const sample = list[Math.floor(list.length / 3)] ?? list[0];
  const disease = (sample?.diseaseName ?? 'cholera').toLowerCase();
  const country = (sample?.locationName ?? 'nigeria').toLowerCase();
  const typed = keystrokes([
    disease,
    `${disease.split(' ')[0] ?? ''} ${country}`,
    `+${disease.slice(0, 5)} +${country.slice(0, 5)}`,
    `fever -${country}`,
    `"${disease.slice(0, 9)}`,
    'avian influenza humans',
    '-humans',
  ]);
  const filters: ActivityFilters = {
    ...noActivityFilters,
    updateStatus: [1],
    speciesGroup: [1, 2],
  };
  const sorts: ActivitySort[] = [defaultActivitySort, { column: 'diseaseName', direction: 'asc' }];
  // Every sort order is built before timing (the first click on a column builds its order once).
  for (const sort of sorts)
    index.search({ searchText: '', filters: noActivityFilters, sort, page: 1 });
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const text of typed) {
      for (const [i, sort] of sorts.entries()) {
        const start = performance.now();
        const page = index.search({
          searchText: text,
          filters: i === 0 ? noActivityFilters : filters,
          sort,
          page: 1,
        });
        structuredClone(page);
        times.push(performance.now() - start);
      }
    }
  }
  times.sort((a, b) => a - b);

  const finder = new ActivityFinder(index);
  const fuzzy = keystrokes([`${disease.slice(0, 5)} ${country.slice(0, 4)}`, 'cholrea nigeira']);
  // One untimed pass first (JIT warm-up), as for the search above.
  for (const text of fuzzy) finder.find(text, 12);
  const finderTimes = [...fuzzy, ...fuzzy, ...fuzzy].map((text) => {
    const start = performance.now();
    finder.find(text, 12);
    return performance.now() - start;
  });
  finderTimes.sort((a, b) => a - b);

  const fuse = new Fuse(
    list.map((row) => ({ title: activityTitle(row) })),
    { keys: ['title'], threshold: 0.34, ignoreLocation: true },
  );
  fuse.search(fuzzy[0] ?? 'a', { limit: 12 });
  const fuseTimes = fuzzy.slice(-6).map((text) => {
    const start = performance.now();
    fuse.search(text, { limit: 12 });
    return performance.now() - start;
  });
  fuseTimes.sort((a, b) => a - b);

  return {
    rows: list.length,
    decodeMs,
    buildMs,
    heapMb,
    keystrokes: times.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times[times.length - 1] ?? 0,
    finderP95Ms: percentile(finderTimes, 95),
    fuseAllRowsP95Ms: percentile(fuseTimes, 95),
  };
}
