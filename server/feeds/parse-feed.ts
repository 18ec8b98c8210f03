import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { plainText } from '../../src/domain/feeds/text';

/** One item of an RSS 2.0 or Atom document, as ingestion uses it. */
export interface FeedEntry {
  readonly guid: string | null;
  readonly url: string;
  readonly title: string;
  /** Plain text of the content, or of the description when there is no content. */
  readonly text: string;
  readonly published: Date | null;
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

/**
 * The items of a feed document, parsed by @rowanmanning/feed-parser (RSS 0.9–2.0, Atom 0.3/1.0).
 * Items without a link or a title are skipped: there is nothing to dedupe or show.
 */
export function parseFeedEntries(xml: string): FeedEntry[] {
  // The parser is lenient (a cut-off document parses); a feed must be well-formed XML first.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FeedParseError(
      `broken XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`,
    );
  }
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch (error) {
    throw new FeedParseError(
      `not an RSS or Atom feed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const entries: FeedEntry[] = [];
  for (const item of feed.items) {
    const url = item.url ?? (item.id && /^https?:\/\//.test(item.id) ? item.id : null);
    const title = plainText(item.title ?? '');
    if (!url || title === '') continue;
    entries.push({
      guid: item.id,
      url,
      title,
      text: plainText(item.content ?? item.description ?? ''),
      published: item.published ?? item.updated,
    });
  }
  return entries;
}
