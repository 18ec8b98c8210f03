import { describe, expect, it } from 'vitest';
import { externalHref } from './external-link';

/** Issue 16: only http, https (and mailto) become links; the rest is text. */
describe('externalHref', () => {
  it.each([
    [
      'https://www.who.int/emergencies/disease-outbreak-news',
      'https://www.who.int/emergencies/disease-outbreak-news',
    ],
    ['http://news.example/1', 'http://news.example/1'],
    ['  HTTPS://Example.org/a b  ', 'https://example.org/a%20b'],
    ['mailto:desk@ist.example', 'mailto:desk@ist.example'],
  ])('links %j', (address, href) => {
    expect(externalHref(address)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' \njavascript:alert(1)',
    'vbscript:msgbox("x")',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
    'ftp://example.org/x',
    '//evil.example/path',
    '/article/12',
    'news.example/1',
    '',
    '   ',
  ])('shows %j as text', (address) => {
    expect(externalHref(address)).toBeUndefined();
  });

  it('shows a missing address as text', () => {
    expect(externalHref(null)).toBeUndefined();
    expect(externalHref(undefined)).toBeUndefined();
  });
});
