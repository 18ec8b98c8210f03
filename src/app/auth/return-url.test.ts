import { describe, expect, it } from 'vitest';
import { messages } from '@/domain/messages';
import { isSameOrigin, loginPathFor, resolveReturnUrl, toAppPath } from './return-url';

const origin = 'http://localhost:5125';

describe('returnUrl (spec 000 §2)', () => {
  it('accepts only URLs on the current origin', () => {
    expect(isSameOrigin(`${origin}/article`, origin)).toBe(true);
    expect(isSameOrigin(origin, origin)).toBe(true);
    expect(isSameOrigin('https://evil.example/', origin)).toBe(false);
    expect(isSameOrigin(`${origin}.evil.example/`, origin)).toBe(false);
    expect(isSameOrigin(`${origin}@evil.example/`, origin)).toBe(false);
    expect(isSameOrigin('/article', origin)).toBe(false);
  });

  it('raises the spec message for another origin', () => {
    expect(() => resolveReturnUrl('?returnUrl=https://evil.example/', origin, '/')).toThrow(
      messages.invalidReturnUrl,
    );
  });

  it('defaults to the site root after sign-in and to the logged-out page after sign-out', () => {
    expect(resolveReturnUrl('', origin, '/')).toBe(`${origin}/`);
    expect(resolveReturnUrl('', origin, '/authentication/logged-out')).toBe(
      `${origin}/authentication/logged-out`,
    );
  });

  it('prefers the saved state over the query', () => {
    const search = `?returnUrl=${encodeURIComponent(`${origin}/article`)}`;
    expect(resolveReturnUrl(search, origin, '/')).toBe(`${origin}/article`);
    expect(resolveReturnUrl(search, origin, '/', { returnUrl: `${origin}/activity/1/2` })).toBe(
      `${origin}/activity/1/2`,
    );
    expect(() => resolveReturnUrl('', origin, '/', { returnUrl: 'https://evil.example/' })).toThrow(
      messages.invalidReturnUrl,
    );
  });

  it('turns a same-origin URL into an app path', () => {
    expect(toAppPath(`${origin}/article?x=1#h`, origin)).toBe('/article?x=1#h');
    expect(toAppPath(origin, origin)).toBe('/');
    expect(loginPathFor('/authentication/login', `${origin}/article`)).toBe(
      '/authentication/login?returnUrl=http%3A%2F%2Flocalhost%3A5125%2Farticle',
    );
  });
});
