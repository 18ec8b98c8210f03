// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterMovesOn } from './enter-moves-on';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const primary = vi.fn();

beforeEach(async () => {
  vi.useFakeTimers();
  // jsdom lays nothing out: every field counts as shown.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root.render(
      createElement(
        'div',
        {
          'data-form': true,
          onKeyDownCapture: (event: React.KeyboardEvent<HTMLElement>) =>
            enterMovesOn(event, container.querySelector('[data-form]'), () => {
              primary();
              return null;
            }),
        },
        ...['first', 'second', 'third', 'fourth'].map((name) =>
          createElement('input', { key: name, 'aria-label': name, defaultValue: '' }),
        ),
      ),
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const field = (name: string) =>
  container.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
const press = (key: string) =>
  document.activeElement?.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );

describe('Enter moves on', () => {
  it('moves one field per Enter once the field has had the key', () => {
    field('first')?.focus();
    act(() => {
      press('Enter');
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(field('second'));
  });

  it('loses no Enter that comes before the last one moved the focus', () => {
    field('first')?.focus();
    // Three Enters in one task: the browser runs input before timers, as on a loaded machine.
    act(() => {
      press('Enter');
      press('Enter');
      press('Enter');
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(field('fourth'));
  });

  it('makes the pending move before another key, so the key is the next field’s', () => {
    field('first')?.focus();
    act(() => {
      press('Enter');
      press('a');
    });
    // The move was made at the second key, before any timer ran.
    expect(document.activeElement).toBe(field('second'));
  });
});
