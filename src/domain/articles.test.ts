import { Either, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import {
  ArticleUpdate,
  CustomArticle,
  articleHost,
  domainCandidates,
  emptyCustomArticle,
  isArticleUrl,
  validateArticleUpdate,
  validateCustomArticle,
} from './articles';

const valid = {
  title: 'Cholera in Lusaka',
  originalSourceURL: 'https://news.example/a',
  sourceGroup: 1,
  sourceCategory: 1,
  sourcePriority: 2,
};

describe('validateCustomArticle', () => {
  it('gives every §5 message for the empty form, in table order', () => {
    expect(validateCustomArticle({ ...emptyCustomArticle, feedId: null, hamTypeId: null })).toEqual(
      [
        'Article title is required',
        'Article URL is required',
        'Feed type is required',
        'Source sub-category is required',
        'Source category is required',
        'Source priority is required',
        'Content type is required',
      ],
    );
  });

  it('leaves defaulted fields alone when absent and accepts a valid article', () => {
    expect(validateCustomArticle(valid)).toEqual([]);
    expect(validateCustomArticle({ ...emptyCustomArticle, ...valid })).toEqual([]);
  });

  it('treats a non-object as an empty form', () => {
    expect(validateCustomArticle('x')).toHaveLength(5);
    expect(validateCustomArticle(null)).toHaveLength(5);
  });

  it('checks the URL format only when a URL is given', () => {
    expect(validateCustomArticle({ ...valid, originalSourceURL: 'who.int' })).toEqual([
      'Article URL must be formatted as a URL',
    ]);
    expect(validateCustomArticle({ ...valid, originalSourceURL: '  ' })).toEqual([
      'Article URL is required',
    ]);
  });
});

describe('isArticleUrl', () => {
  it.each([
    'http://a.example',
    'https://www.who.int/news/item?id=1#x',
    'HTTPS://WHO.INT',
    'ftp://files.example/a.txt',
    'file:///tmp/a.html',
    'file://server/share/a.html',
  ])('accepts %s', (url) => expect(isArticleUrl(url)).toBe(true));
  it.each([
    '',
    'who.int',
    'mailto:a@b.c',
    'https://',
    'https:// spaced.example',
    'javascript:alert(1)',
  ])('refuses %j', (url) => expect(isArticleUrl(url)).toBe(false));
});

describe('CustomArticle schema', () => {
  const decode = Schema.decodeUnknownEither(CustomArticle, { errors: 'all' });
  it('applies the defaults and trims', () => {
    const result = decode({ ...valid, title: '  Cholera  ' });
    expect(Either.getOrThrow(result)).toEqual({
      ...valid,
      title: 'Cholera',
      feedId: 10,
      hamTypeId: 3,
      isRead: false,
      isCompleted: false,
      isImportant: false,
      locationIds: [],
      diseaseId: null,
    });
  });
  it('refuses wrong types and non-positive ids', () => {
    expect(Either.isLeft(decode({ ...valid, isRead: 'yes' }))).toBe(true);
    expect(Either.isLeft(decode({ ...valid, sourceGroup: 0 }))).toBe(true);
    expect(Either.isLeft(decode({ ...valid, locationIds: [1.5] }))).toBe(true);
    expect(Either.isLeft(decode({ ...valid, originalSourceURL: 'nope' }))).toBe(true);
  });
});

describe('article update', () => {
  it('checks only the fields sent', () => {
    expect(validateArticleUpdate({ isRead: true })).toEqual([]);
    expect(validateArticleUpdate({ title: '', feedId: null, sourceGroup: null })).toEqual([
      'Article title is required',
      'Feed type is required',
    ]);
    expect(Schema.decodeUnknownSync(ArticleUpdate)({ isRead: true })).toEqual({ isRead: true });
    expect(Schema.decodeUnknownSync(ArticleUpdate)({ diseaseId: null })).toEqual({
      diseaseId: null,
    });
  });
});

describe('articleHost and domainCandidates', () => {
  it('reads the host without www., with or without a scheme', () => {
    expect(articleHost('https://WWW.Afro.WHO.int/x')).toBe('afro.who.int');
    expect(articleHost('who.int/news')).toBe('who.int');
    expect(articleHost('not a url')).toBeUndefined();
    expect(articleHost('file:///tmp/a')).toBeUndefined();
    expect(articleHost('')).toBeUndefined();
  });
  it('lists the host and its parents, longest first', () => {
    expect(domainCandidates('a.b.who.int')).toEqual(['a.b.who.int', 'b.who.int', 'who.int', 'int']);
  });
});
