// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoverTooltip } from './hover-tooltip';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Spec 001 §9, word for word: "Tooltip hover delay 250 ms". Not read from the code under test. */
const specDelayMs = 250;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      createElement(HoverTooltip, { label: 'Summary', content: 'The summary', children: '…' }),
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const trigger = () => container.querySelector('[aria-label="Summary"]');
const tooltip = () => document.body.querySelector('[role="tooltip"]');
const hover = (type: 'mouseover' | 'mouseout') =>
  act(() => {
    trigger()?.dispatchEvent(new MouseEvent(type, { bubbles: true }));
  });

describe('HoverTooltip', () => {
  it('opens 250 ms after the pointer arrives, not before', () => {
    hover('mouseover');
    act(() => vi.advanceTimersByTime(specDelayMs - 1));
    expect(tooltip()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip()?.textContent).toBe('The summary');
    expect(trigger()?.getAttribute('aria-describedby')).toBe(tooltip()?.id);
  });

  it('a pointer that leaves within the delay opens nothing', () => {
    hover('mouseover');
    act(() => vi.advanceTimersByTime(specDelayMs - 50));
    hover('mouseout');
    act(() => vi.advanceTimersByTime(specDelayMs * 4));
    expect(tooltip()).toBeNull();
  });

  it('keyboard focus opens it at once, and blur closes it', () => {
    act(() => (trigger() as HTMLElement | null)?.focus());
    expect(tooltip()).not.toBeNull();
    act(() => (trigger() as HTMLElement | null)?.blur());
    expect(tooltip()).toBeNull();
  });
});
