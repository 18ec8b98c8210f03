import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute } from './routes';

describe('route table', () => {
  it('matches every route of both specs', () => {
    expect(matchRoute('/')).toEqual({ id: 'home', params: {} });
    expect(matchRoute('/activity')).toEqual({ id: 'activityIndex', params: {} });
    expect(matchRoute('/activity/12/34')).toEqual({
      id: 'activityDetails',
      params: { diseaseActivityIdParam: '12', countryIdParam: '34' },
    });
    expect(matchRoute('/article')).toEqual({ id: 'articleIndex', params: {} });
    expect(matchRoute('/article/abc-1')).toEqual({
      id: 'articleDetails',
      params: { articleIdParam: 'abc-1' },
    });
    for (const action of [
      'login',
      'login-failed',
      'login-callback',
      'logout',
      'logged-out',
      'logout-callback',
    ]) {
      expect(matchRoute(`/authentication/${action}`)).toEqual({
        id: 'authentication',
        params: { action },
      });
    }
  });

  it('ignores a trailing slash and decodes parameters', () => {
    expect(matchRoute('/article/')).toEqual({ id: 'articleIndex', params: {} });
    expect(matchRoute('/article/a%20b')).toEqual({
      id: 'articleDetails',
      params: { articleIdParam: 'a b' },
    });
  });

  it('sends unknown and malformed paths to not found', () => {
    expect(matchRoute('/activity/12').id).toBe('notFound');
    expect(matchRoute('/activity/12/34/56').id).toBe('notFound');
    expect(matchRoute('/nope').id).toBe('notFound');
    expect(matchRoute('/article/%E0%A4%A').id).toBe('notFound');
  });

  it('builds paths with encoded parameters', () => {
    expect(buildPath('activityDetails', { diseaseActivityIdParam: 7, countryIdParam: 'x/y' })).toBe(
      '/activity/7/x%2Fy',
    );
    expect(buildPath('articleIndex', {})).toBe('/article');
  });
});
