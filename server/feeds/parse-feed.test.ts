import { describe, expect, it } from 'vitest';
import type { FeedEntry } from './parse-feed';
import { parseFeedEntries } from './parse-feed';

/** An RSS 2.0 document of one item, its title and description written as given (raw XML). */
const rss = (title: string, description: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Odd text</title><item>` +
  `<title>${title}</title><link>https://odd.example/item</link>` +
  `<description>${description}</description></item></channel></rss>`;

const parsed = (title: string, description: string) => {
  const cleaned: FeedEntry[] = [];
  const entries = parseFeedEntries(rss(title, description), (e) => cleaned.push(e));
  return { entries, cleaned };
};

/**
 * Issue 16: feed text is stored in PostgreSQL, which takes neither NUL (U+0000) nor half of a
 * UTF-16 pair. A feed item carrying one is stored without it (NUL removed, a lone surrogate as
 * U+FFFD, the replacement character) rather than failing the poll.
 */
describe('feed item text PostgreSQL cannot store', () => {
  it('a raw NUL is removed, and the item is reported as cleaned', () => {
    const { entries, cleaned } = parsed('Cholera\u0000 in Toronto', 'Twelve\u0000 cases');
    expect(entries.map((e) => [e.title, e.text])).toEqual([['Cholera in Toronto', 'Twelve cases']]);
    expect(cleaned).toHaveLength(1);
  });

  it('a NUL written as a character reference, in the XML or in the escaped HTML, is gone', () => {
    // &#0; in the XML itself, and &amp;#0; (a reference inside the description's HTML).
    const { entries } = parsed(
      'Cholera &#0; in Toronto',
      '&lt;p&gt;Twelve &amp;#0; cases&lt;/p&gt;',
    );
    const [entry] = entries;
    expect(entry?.title).not.toContain('\u0000');
    expect(entry?.text).not.toContain('\u0000');
    expect(entry?.title.replace(/\s+/g, ' ')).toBe('Cholera in Toronto');
  });

  it('a lone surrogate, raw or as a reference in the HTML, becomes U+FFFD', () => {
    const { entries, cleaned } = parsed('Cholera \ud800 in Toronto', 'Half &amp;#xDFFF; a pair');
    expect(entries.map((e) => [e.title, e.text])).toEqual([
      ['Cholera \uFFFD in Toronto', 'Half \uFFFD a pair'],
    ]);
    expect(cleaned).toHaveLength(1);
  });

  it('leaves text that is already storable as it is, pairs and emoji included', () => {
    const { entries, cleaned } = parsed('Cholera 🦠 in Toronto', 'Ωμέγα \u200f עברית');
    expect(entries.map((e) => [e.title, e.text])).toEqual([
      ['Cholera 🦠 in Toronto', 'Ωμέγα \u200f עברית'],
    ]);
    expect(cleaned).toEqual([]);
  });
});
