// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
});

async function renderModal(handlers: { onCancel: () => void; onSave: () => void }) {
  await act(async () => {
    root.render(
      createElement(Modal, {
        open: true,
        title: 'Edit overview',
        children: 'Body text',
        ...handlers,
      }),
    );
  });
}

const dialog = () => document.querySelector('[role="dialog"]');
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name);

describe('shared modal (spec 000 §2)', () => {
  it('does not close on Escape or on a click outside', async () => {
    const onCancel = vi.fn();
    await renderModal({ onCancel, onSave: vi.fn() });
    expect(dialog()?.textContent).toContain('Body text');
    await act(async () => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(dialog()).not.toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows only the buttons it is given, and they act', async () => {
    const onCancel = vi.fn();
    const onSave = vi.fn();
    await renderModal({ onCancel, onSave });
    expect(button('Delete')).toBeUndefined();
    expect(button('Submit')).toBeUndefined();
    await act(async () => button('Save')?.click());
    await act(async () => button('Cancel')?.click());
    expect(onSave).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
