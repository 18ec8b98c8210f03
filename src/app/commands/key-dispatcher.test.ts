// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyDispatcher } from './key-dispatcher';
import { createCommandRegistry, type Command, type CommandRegistry } from './registry';

let registry: CommandRegistry;
let detach: () => void;
let dialogOpen = false;

beforeEach(() => {
  registry = createCommandRegistry();
  dialogOpen = false;
  detach = createKeyDispatcher({
    commands: registry.list,
    context: () => ({ pathname: '/activity' }),
    dialogOpen: () => dialogOpen,
  }).install(document);
});

afterEach(() => {
  detach();
  document.body.replaceChildren();
  vi.useRealTimers();
});

const command = (hotkey: string, extra: Partial<Command> = {}): Command => ({
  id: `test.${hotkey}`,
  title: hotkey,
  group: 'Test',
  hotkey,
  run: vi.fn<Command['run']>(),
  ...extra,
});

interface Press {
  readonly key: string;
  readonly code?: string;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

/** Presses a key on the focused element (as the browser does); returns the keydown event. */
function press({ key, code, shiftKey = false, altKey = false }: Press): KeyboardEvent {
  const target = document.activeElement ?? document.body;
  const init = { key, code: code ?? '', shiftKey, altKey, bubbles: true, cancelable: true };
  const event = new KeyboardEvent('keydown', init);
  target.dispatchEvent(event);
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  return event;
}

const letter = (key: string): Press => ({ key, code: `Key${key.toUpperCase()}` });

function focused<T extends HTMLElement>(element: T): T {
  document.body.append(element);
  element.focus();
  return element;
}

describe('the global key handler', () => {
  it('leaves Enter and Space on a focused button to the button', () => {
    const open = command('enter');
    registry.register([open]);
    const button = focused(document.createElement('button'));
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(false);
    expect(press({ key: ' ', code: 'Space' }).defaultPrevented).toBe(false);
    expect(open.run).not.toHaveBeenCalled();
    button.blur();
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(true);
    expect(open.run).toHaveBeenCalledOnce();
  });

  it('leaves Enter on a link and Space on a checkbox to them', () => {
    const open = command('enter');
    registry.register([open]);
    const link = document.createElement('a');
    link.href = '/article';
    focused(link);
    expect(press({ key: 'Enter', code: 'Enter' }).defaultPrevented).toBe(false);
    const box = document.createElement('input');
    box.type = 'checkbox';
    focused(box);
    expect(press({ key: ' ', code: 'Space' }).defaultPrevented).toBe(false);
    expect(open.run).not.toHaveBeenCalled();
  });

  it('reads / and ? from the character typed, whatever the layout', () => {
    const search = command('slash');
    const help = command('shift+?');
    registry.register([search, help]);
    // German layout: '/' is Shift+7; French AZERTY: '?' is Shift+, (code Comma is 'm' on US).
    press({ key: '/', code: 'Digit7', shiftKey: true });
    press({ key: '?', code: 'KeyM', shiftKey: true });
    expect(search.run).toHaveBeenCalledOnce();
    expect(help.run).toHaveBeenCalledOnce();
  });

  it('matches Alt+V from the physical key (macOS types √) and in a text field', () => {
    const validate = command('alt+v', { enableInInputs: true });
    const next = command('j');
    registry.register([validate, next]);
    focused(document.createElement('input'));
    press({ key: '√', code: 'KeyV', altKey: true });
    press(letter('j'));
    expect(validate.run).toHaveBeenCalledOnce();
    expect(next.run).not.toHaveBeenCalled();
  });

  it('runs only commands that work in inputs while a dialog is open', () => {
    const next = command('j');
    const palette = command('mod+k', { enableInInputs: true });
    registry.register([next, palette]);
    dialogOpen = true;
    press(letter('j'));
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true }),
    );
    expect(next.run).not.toHaveBeenCalled();
    expect(palette.run).toHaveBeenCalledOnce();
  });

  it('keeps a sequence across a registration between its keys', () => {
    const go = command('g>a');
    registry.register([go]);
    press(letter('g'));
    registry.register([command('j')]);
    press(letter('a'));
    expect(go.run).toHaveBeenCalledOnce();
  });

  it('starts a sequence again after a wrong key (g x g a)', () => {
    const go = command('g>a');
    registry.register([go]);
    for (const key of ['g', 'x', 'g', 'a']) press(letter(key));
    expect(go.run).toHaveBeenCalledOnce();
  });

  it('holds Enter typed right after "g d" until the dialog it opens is ready', async () => {
    const chosen = vi.fn();
    // The dialog arrives late (a lazy chunk), and its list is still loading at first.
    const openFinder = () => {
      setTimeout(() => {
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        const input = document.createElement('input');
        const list = document.createElement('div');
        list.setAttribute('aria-busy', 'true');
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') chosen(input.value);
        });
        dialog.append(input, list);
        document.body.append(dialog);
        input.focus();
        setTimeout(() => list.setAttribute('aria-busy', 'false'), 60);
      }, 80);
    };
    registry.register([command('g>d', { opensDialog: true, run: openFinder })]);
    press(letter('g'));
    press(letter('d'));
    press(letter('f'));
    press(letter('l'));
    press({ key: 'Enter', code: 'Enter' });
    await vi.waitFor(() => expect(chosen).toHaveBeenCalledWith('fl'), { timeout: 1000 });
  });

  it('holds keys typed after a command until the focus it moves lands, then types them there', async () => {
    // As `a c`: the new row's date box renders a few frames later and takes the focus.
    let box: HTMLInputElement | null = null;
    const addRow = () => {
      setTimeout(() => {
        box = document.createElement('input');
        box.id = 'new-date';
        // The box refuses letters, as the date cell does.
        box.addEventListener('keydown', (event) => {
          if (/^[a-z]$/i.test(event.key)) event.preventDefault();
        });
        document.body.append(box);
        box.focus();
      }, 80);
      return { ready: () => document.activeElement?.id === 'new-date' };
    };
    const next = vi.fn<Command['run']>();
    registry.register([command('a>c', { run: addRow }), command('j', { run: next })]);
    press(letter('a'));
    press(letter('c'));
    for (const key of ['2', '0', 'j', '2', '6']) press({ key, code: '' });
    await vi.waitFor(() => expect(box?.value).toBe('2026'), { timeout: 1000 });
    expect(next).not.toHaveBeenCalled();
  });
});
