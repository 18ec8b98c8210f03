import { describe, expect, it } from 'vitest';
import { articleDocumentFields } from '@domain/article-search/article-document';
import { articlesIndex, fieldNamesOf } from './index-definition';

describe('the articles index', () => {
  it('holds exactly the fields the browser decodes and selects (spec 000 §3)', () => {
    expect([...fieldNamesOf(articlesIndex)].sort()).toEqual([...articleDocumentFields].sort());
  });

  it('has one Edm.String key', () => {
    const keys = articlesIndex.fields.filter((f) => f.key);
    expect(keys.map((f) => [f.name, f.type])).toEqual([['articleId', 'Edm.String']]);
  });
});
