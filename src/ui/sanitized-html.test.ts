// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fixtureFile from './sanitized-html.fixtures.json';
import { allowedTags, SanitizedHtml, sanitizeHtml } from './sanitized-html';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Fixture {
  readonly title?: string;
  readonly payload: string;
}

/**
 * DOMPurify's own test vectors: title and payload of every case of test/fixtures/expect.mjs
 * (cure53/DOMPurify, commit 1fa97e8f, Apache-2.0 / MPL-2.0), copied from
 * /work/shared/data/xss/dompurify-fixtures.json.
 */
const fixtures: readonly Fixture[] = fixtureFile;

const allowed = new Set<string>(allowedTags);
const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'srcset'];

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

async function render(html: string): Promise<HTMLElement> {
  await act(async () => {
    root.render(createElement(SanitizedHtml, { html }));
  });
  const rendered = container.firstElementChild;
  if (!(rendered instanceof HTMLElement)) throw new Error('nothing rendered');
  return rendered;
}

/**
 * The global that scripts and inline handlers run against: jsdom's own window, which is not
 * the test's `globalThis` under vitest. A script hands it over through the shared document.
 */
function scriptWindow(): Window & { __xss?: () => void } {
  const probe = document.createElement('script');
  probe.textContent = 'document.__scriptWindow = window;';
  document.body.append(probe);
  probe.remove();
  const holder = document as Document & { __scriptWindow?: Window };
  const view = holder.__scriptWindow;
  delete holder.__scriptWindow;
  if (!view) throw new Error('scripts do not run in this jsdom: the test would prove nothing');
  return view;
}

/** Problems with what a payload left in the DOM; empty when it is clean. */
function problemsIn(rendered: HTMLElement): string[] {
  const problems: string[] = [];
  for (const element of rendered.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!allowed.has(tag)) problems.push(`tag <${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      // An element's `is` value outlives removeAttribute and is serialised back (HTML spec);
      // DOMPurify blanks it. An empty `is` names no custom element: harmless.
      if (name === 'is' && attribute.value === '') continue;
      if (name.startsWith('on')) problems.push(`<${tag} ${name}>`);
      if (tag === 'a' && !['href', 'target', 'rel'].includes(name)) {
        problems.push(`<a ${name}>`);
      }
      if (tag !== 'a') problems.push(`<${tag} ${name}>`);
      if (
        urlAttributes.includes(name) &&
        // eslint-disable-next-line no-control-regex -- control characters hide schemes
        /^\s*(?:javascript|vbscript|data):/i.test(attribute.value.replace(/[\u0000-\u0020]/g, ''))
      ) {
        problems.push(`<${tag} ${name}="${attribute.value}">`);
      }
    }
  }
  return problems;
}

describe('SanitizedHtml', () => {
  it('keeps the allowlist, turns newlines into <br> and opens links in a new tab', async () => {
    const rendered = await render(
      '<h3>Head</h3><p>a\nb</p><a href="https://who.int" title="x">WHO</a><table><tbody><tr><td>1</td></tr></tbody></table><h1>big</h1>',
    );
    expect(rendered.innerHTML).toBe(
      '<h3>Head</h3><p>a<br>b</p><a href="https://who.int" target="_blank" rel="noopener noreferrer">WHO</a><table><tbody><tr><td>1</td></tr></tbody></table>big',
    );
  });

  it('drops hrefs that are not http, https or mailto', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/relative">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.c">x</a>')).toBe(
      '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it.each(fixtures.map((f, i) => [i, f.title ?? '', f.payload] as const))(
    'fixture %i (%s): only allowed tags, no on* attribute, no script URL',
    async (_i, _title, payload) => {
      const rendered = await render(payload);
      expect(problemsIn(rendered)).toEqual([]);
      expect(rendered.querySelector('script')).toBeNull();
    },
  );

  it('runs no script from any fixture (rewritten to call a spy), even when poked', async () => {
    vi.useFakeTimers();
    const view = scriptWindow();
    const spy = vi.fn();
    view.__xss = spy;
    const spyNames = ['alert', 'confirm', 'prompt', 'print'] as const;
    const saved = spyNames.map((name) => [name, view[name]] as const);
    for (const name of spyNames) Object.assign(view, { [name]: spy });
    try {
      for (const { payload } of fixtures) {
        const rewritten = payload.replace(/\b(?:alert|confirm|prompt|print)\b/g, '__xss');
        const rendered = await render(rewritten);
        // Fire what a handler that slipped through would listen for.
        for (const element of [rendered, ...rendered.querySelectorAll('*')]) {
          for (const type of ['click', 'mouseover', 'focus', 'error', 'load', 'toggle']) {
            element.dispatchEvent(new Event(type));
          }
        }
        await act(async () => {
          vi.runAllTimers();
        });
      }
      expect(spy).not.toHaveBeenCalled();

      // The detector works: an unsanitised handler and script do call the spy.
      const control = document.createElement('div');
      control.innerHTML = '<span onclick="__xss()">x</span>';
      document.body.append(control);
      control.querySelector('span')?.dispatchEvent(new Event('click'));
      const script = document.createElement('script');
      script.textContent = '__xss()';
      document.body.append(script);
      control.remove();
      script.remove();
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      for (const [name, value] of saved) Object.assign(view, { [name]: value });
      delete view.__xss;
    }
  });
});
