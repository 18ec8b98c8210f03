import { describe, expect, it } from 'vitest';
import { clusterBatch, clusterInBatches, type Clusterable } from './clustering';

interface A extends Clusterable {
  readonly id: string;
}
const a = (id: string, clusterId: string | null, isChild: boolean | null = true): A => ({
  id,
  clusterId,
  isChild,
});
const ids = (groups: ReturnType<typeof clusterBatch<A>>) =>
  groups.map((g) => [g.parent.id, ...g.children.map((c) => c.id)]);

describe('clusterBatch', () => {
  it('groups by clusterId at the first member’s place; the isChild-false article is the parent', () => {
    const batch = [a('1', 'x'), a('2', 'y', false), a('3', 'x', false), a('4', 'x'), a('5', 'y')];
    expect(ids(clusterBatch(batch))).toEqual([
      ['3', '1', '4'],
      ['2', '5'],
    ]);
  });

  it('without a parent in the batch, the first in batch order is the parent', () => {
    expect(ids(clusterBatch([a('1', 'x'), a('2', 'x'), a('3', 'x')]))).toEqual([['1', '2', '3']]);
    expect(ids(clusterBatch([a('1', 'x', null), a('2', 'x', null)]))).toEqual([['1', '2']]);
  });

  it('two isChild-false articles in one cluster: the first is the parent', () => {
    expect(ids(clusterBatch([a('1', 'x'), a('2', 'x', false), a('3', 'x', false)]))).toEqual([
      ['2', '1', '3'],
    ]);
  });

  it('singletons and articles without a clusterId are their own groups', () => {
    const groups = clusterBatch([a('1', null), a('2', ''), a('3', 'z', false), a('4', null)]);
    expect(ids(groups)).toEqual([['1'], ['2'], ['3'], ['4']]);
    expect(groups.every((g) => g.children.length === 0)).toBe(true);
  });

  it('keeps every article exactly once, children in batch order', () => {
    const batch = Array.from({ length: 100 }, (_, i) =>
      a(String(i), String(i % 7), i % 7 === 3 ? false : i === 50 ? null : true),
    );
    const groups = clusterBatch(batch);
    expect(groups).toHaveLength(7);
    const seen = groups.flatMap((g) => [g.parent.id, ...g.children.map((c) => c.id)]);
    expect(seen.sort()).toEqual(batch.map((x) => x.id).sort());
    for (const g of groups) {
      const order = g.children.map((c) => Number(c.id));
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
    expect(groups[3]?.parent.id).toBe('3');
  });

  it('an empty batch has no groups', () => {
    expect(clusterBatch([])).toEqual([]);
  });
});

describe('clusterInBatches', () => {
  it('clusters each batch on its own: a cluster split across batches appears in both', () => {
    const articles = [a('1', 'x', false), a('2', 'x'), a('3', 'x'), a('4', 'y')];
    expect(ids(clusterInBatches(articles, 2))).toEqual([['1', '2'], ['3'], ['4']]);
  });
});
