import { isKeyOwningControl, isTypingTarget } from '@/app/commands/focus-targets';

/**
 * What react-hotkeys-hook cannot do (decision 0063): after a command that opens a dialog, keys
 * typed before the dialog has the focus and its first answer (`g d` then Enter at once) are held
 * and replayed into it, not dropped; so are keys typed after a command that returns a hold
 * (`a c` then a date, before the new row renders). A capture listener on the window, ahead of
 * every hotkey listener, takes the keys while a hold lasts.
 */

/** How long keys are held for a dialog (or a focus) that does not show up. */
export const holdTimeoutMs = 2000;

/** The fields of a keydown that a replay needs. */
interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

const pressOf = (event: KeyboardEvent): KeyPress => ({
  key: event.key,
  code: event.code,
  altKey: event.altKey,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  shiftKey: event.shiftKey,
});

/** True for a modifier key on its own (Shift pressed before '?'): never held. */
export const isModifierPress = (event: { readonly key: string }) =>
  ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'OS', 'CapsLock'].includes(event.key);

/** The dialog the focus is in, once it is ready for keys (focused and not loading). */
export function focusedReadyDialog(): boolean {
  const dialog = document.activeElement?.closest('[role="dialog"]');
  return (
    dialog !== null && dialog !== undefined && dialog.querySelector('[aria-busy="true"]') === null
  );
}

function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  // React tracks the value it set: the prototype's setter plus an input event is a user's edit.
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replays a held key where the focus now is. The field sees the keydown first, so what it
 * refuses (a letter in a date) stays out, as when typed.
 */
function replay(press: KeyPress): void {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (target === null) return;
  const init = { ...press, bubbles: true, cancelable: true };
  const proceed = target.dispatchEvent(new KeyboardEvent('keydown', init));
  const printable = press.key.length === 1 && !press.ctrlKey && !press.metaKey && !press.altKey;
  if (
    printable &&
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
    isTypingTarget(target)
  ) {
    // The keydown may have moved the focus or rewritten the value ('t' is today in a date).
    if (proceed && document.activeElement === target)
      setFieldValue(target, target.value + press.key);
    target.dispatchEvent(new KeyboardEvent('keyup', init));
    return;
  }
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  const activates = press.key === 'Enter' || (press.key === ' ' && !isTypingTarget(target));
  if (proceed && activates && !isTypingTarget(target) && isKeyOwningControl(target)) {
    target.click();
  }
}

/** Holds keys until `ready()`, then replays them; `install` attaches it to a window. */
export interface KeyHolder {
  /**
   * Holds every key from now until `ready()` is true (or `timeoutMs` passed); resolves once the
   * held keys are replayed.
   */
  holdUntil(ready: () => boolean, timeoutMs?: number): Promise<void>;
  /** Attaches the capture listener; returns the detach function. */
  install(view: Window): () => void;
}

export function createKeyHolder(): KeyHolder {
  let held: KeyPress[] | null = null;

  const onHoldCapture = (event: KeyboardEvent) => {
    if (held === null || isModifierPress(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(pressOf(event));
  };

  return {
    holdUntil(ready, timeoutMs = holdTimeoutMs) {
      if (ready()) return Promise.resolve();
      held = [];
      const started = Date.now();
      return new Promise((resolve) => {
        const poll = () => {
          if (held === null) {
            resolve();
            return;
          }
          if (!ready() && Date.now() - started < timeoutMs) {
            setTimeout(poll, 16);
            return;
          }
          const keys = held;
          held = null;
          keys.forEach(replay);
          resolve();
        };
        setTimeout(poll, 16);
      });
    },
    install(view) {
      view.addEventListener('keydown', onHoldCapture, true);
      return () => {
        view.removeEventListener('keydown', onHoldCapture, true);
        held = null;
      };
    },
  };
}
