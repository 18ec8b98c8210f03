/**
 * Clustering one 100-article batch (spec 000 §9; issue 4 target: under 1 ms). Times
 * `clusterBatch` on freshly built batches shaped like the seed (stories of 1–5 outlets, one
 * parent each, in insertedDate order) and reports mean and p99 per batch in microseconds.
 */
import type { Clusterable } from '@domain/article-search/clustering';
import { clusterBatch } from '@domain/article-search/clustering';

/** Mean and p99 of one 100-article batch, in microseconds. */
export interface ClusteringBenchResult {
  readonly iterations: number;
  readonly meanMicroseconds: number;
  readonly p99Microseconds: number;
}

interface BenchArticle extends Clusterable {
  readonly articleId: string;
}

/** Batches of 100 with clusters of 1–5 articles, parents placed anywhere (seeded, reproducible). */
function makeBatches(count: number): BenchArticle[][] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, b) => {
    const batch: BenchArticle[] = [];
    let cluster = 0;
    while (batch.length < 100) {
      const size = Math.min(1 + Math.floor(random() * 5), 100 - batch.length);
      const parent = Math.floor(random() * size);
      for (let i = 0; i < size; i += 1) {
        batch.push({
          articleId: `${b}-${batch.length}`,
          clusterId: `${b}-${cluster}`,
          isChild: i !== parent,
        });
      }
      cluster += 1;
    }
    // Interleave clusters as a date sort would.
    return batch.sort(() => random() - 0.5);
  });
}

/** Times `iterations` batches after a warm-up; returns mean and p99 per batch. */
export function benchClustering(iterations = 20_000): ClusteringBenchResult {
  const batches = makeBatches(256);
  let sink = 0;
  for (let i = 0; i < 2_000; i += 1) sink += clusterBatch(batches[i % batches.length] ?? []).length;
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i += 1) {
    const batch = batches[i % batches.length] ?? [];
    const t0 = performance.now();
    sink += clusterBatch(batch).length;
    samples[i] = (performance.now() - t0) * 1000;
  }
  // Keeps the work observable so it is not optimised away.
  if (sink < 0) throw new Error('unreachable');
  const sorted = Array.from(samples).sort((x, y) => x - y);
  const mean = sorted.reduce((s, x) => s + x, 0) / iterations;
  const p99 = sorted[Math.min(iterations - 1, Math.floor(iterations * 0.99))] ?? 0;
  return {
    iterations,
    meanMicroseconds: Math.round(mean * 100) / 100,
    p99Microseconds: Math.round(p99 * 100) / 100,
  };
}
