import { describe, expect, it } from 'vitest';
import { buildArticleLinkQuery } from './link-query';

describe('buildArticleLinkQuery (spec 001 §7 "Article search (for linking)")', () => {
  it('asks for 10 articles in articleId, articleTitle and diseaseIds, prefix words', () => {
    const parameters = new Map(buildArticleLinkQuery('cholera 12'));
    expect(parameters.get('$top')).toBe('10');
    expect(parameters.get('searchFields')).toBe('articleId,articleTitle,diseaseIds');
    expect(parameters.get('search')).toBe('cholera* | 12*');
    expect(parameters.get('$select')).toContain('diseaseIds');
    expect(parameters.has('$filter')).toBe(false);
  });

  it('sends a negated word as a filter, and * for an empty text', () => {
    const parameters = new Map(buildArticleLinkQuery('cholera -vaccine'));
    expect(parameters.get('$filter')).toMatch(/^not search\.ismatch\('vaccine\*'/);
    expect(new Map(buildArticleLinkQuery('  ')).get('search')).toBe('*');
  });
});
