// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExternalLink } from './external-link';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (href: string) => act(() => root.render(createElement(ExternalLink, { href })));

describe('ExternalLink', () => {
  it('makes an https source URL a link in a new tab that cannot reach back', () => {
    render('https://www.who.int/news');
    const a = host.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://www.who.int/news');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a?.textContent).toBe('https://www.who.int/news');
  });

  it.each([
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'javascript:alert(1)',
  ])('shows %j as text, with no link anywhere', (href) => {
    render(href);
    expect(host.querySelector('a')).toBeNull();
    expect(host.querySelector('[href]')).toBeNull();
    expect(host.textContent).toBe(href);
  });
});
