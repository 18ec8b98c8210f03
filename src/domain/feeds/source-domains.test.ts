import { describe, expect, it } from 'vitest';
import { domainsOf } from './source-domains';

describe('domainsOf', () => {
  it('lists the host, then each parent domain, closest first, never a bare top-level label', () => {
    expect(domainsOf('news.who.int')).toEqual(['news.who.int', 'who.int']);
    expect(domainsOf('afro.who.int')).toEqual(['afro.who.int', 'who.int']);
    expect(domainsOf('WHO.int')).toEqual(['who.int']);
    expect(domainsOf('localhost')).toEqual([]);
    expect(domainsOf('')).toEqual([]);
  });
});
