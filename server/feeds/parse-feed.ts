import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { plainText } from '@domain/feeds/text';
import { storableText } from '@domain/request-text';

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

/** Plain text made storable, its spaces collapsed again where a removed NUL left two. */
function storablePlainText(text: string): string {
  const storable = storableText(text);
  return storable === text ? text : storable.replace(/\s+/g, ' ').trim();
}

/**
 * The items of a feed document, parsed by @rowanmanning/feed-parser (RSS 0.9–2.0, Atom 0.3/1.0).
 * Items without a link or a title are skipped: there is nothing to dedupe or show. Their text is
 * made storable (src/domain/request-text.ts `storableText`: a NUL, raw or as `&#0;`, removed, a
 * lone surrogate such as `&#xD800;` replaced by U+FFFD); `onCleaned` hears of each item that
 * needed it, so the poll can log it.
 */
export function parseFeedEntries(
  xml: string,
  onCleaned: (entry: FeedEntry) => void = () => {},
): FeedEntry[] {
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
    const rawUrl = item.url ?? (item.id && /^https?:\/\//.test(item.id) ? item.id : null);
    const rawTitle = plainText(item.title ?? '');
    const rawText = plainText(item.content ?? item.description ?? '');
    const url = rawUrl === null ? null : storableText(rawUrl);
    const title = storablePlainText(rawTitle);
    if (!url || title === '') continue;
    const guid = item.id === null ? null : storableText(item.id);
    const entry: FeedEntry = {
      guid,
      url,
      title,
      text: storablePlainText(rawText),
      published: item.published ?? item.updated,
    };
    if (url !== rawUrl || title !== rawTitle || entry.text !== rawText || guid !== item.id) {
      onCleaned(entry);
    }
    entries.push(entry);
  }
  return entries;
}
