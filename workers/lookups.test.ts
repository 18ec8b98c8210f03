import { describe, expect, it } from 'vitest';
import { sampleLookups } from '../tests/support/engine-scenarios';
import type { Lookups } from '@domain/lookups';
import { createLookupsCache } from './lookups';

function deferred() {
  let resolve!: (value: Lookups) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<Lookups>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createLookupsCache', () => {
  it('shares one in-flight load between concurrent callers and keeps the answer', async () => {
    const pending = deferred();
    let loads = 0;
    const cache = createLookupsCache(() => {
      loads += 1;
      return pending.promise;
    });
    const first = cache.get();
    const second = cache.get();
    expect(loads).toBe(1);
    pending.resolve(sampleLookups);
    expect(await first).toBe(sampleLookups);
    expect(await second).toBe(sampleLookups);
    expect(await cache.get()).toBe(sampleLookups);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, and loads again after clear', async () => {
    let loads = 0;
    const cache = createLookupsCache(async () => {
      loads += 1;
      if (loads === 1) throw new Error('down');
      return sampleLookups;
    });
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe(sampleLookups);
    cache.clear();
    expect(await cache.get()).toBe(sampleLookups);
    expect(loads).toBe(3);
  });
});
