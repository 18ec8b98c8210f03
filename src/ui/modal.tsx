import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback, useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { enterMovesOn, formFieldSelector } from '@/ui/enter-moves-on';
import { useOverlayRegistration } from '@/ui/overlay-store';

/** The buttons the shared modal can show (spec 000 §2 "Shared dialog"). */
export type ModalButton = 'clear' | 'cancel' | 'submit' | 'save' | 'delete';

const defaultLabels: Readonly<Record<ModalButton, string>> = {
  clear: 'Clear',
  cancel: 'Cancel',
  submit: 'Submit',
  save: 'Save',
  delete: 'Delete',
};

/** Props of {@link Modal}. A button is shown when its handler is given. */
export interface ModalProps {
  readonly open: boolean;
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Full-screen takeover instead of a centred panel. */
  readonly fullScreen?: boolean;
  /** Submenu layout: this column (links, tabs) sits left of the content. */
  readonly submenu?: ReactNode;
  readonly onClear?: () => void;
  readonly onCancel?: () => void;
  readonly onSubmit?: () => void;
  readonly onSave?: () => void;
  readonly onDelete?: () => void;
  /** Button texts other than the defaults (e.g. save: 'SAVE OVERVIEW'). */
  readonly labels?: Partial<Record<ModalButton, string>>;
  /** Buttons to disable (e.g. submit until the form is valid). */
  readonly disabled?: Partial<Record<ModalButton, boolean>>;
  /** While true every button is disabled (a request is running). */
  readonly busy?: boolean;
}

// The shared modal closes through its buttons only: not on Escape, not on a dimmer click
// (spec 000 §2, spec 001 §2), so a half-filled entry form is never lost by a stray key.
const ignoreClose = () => undefined;

/**
 * Where the next key is expected when the modal opens: what its body names (data-autofocus),
 * else its first field (a form), else its primary action (a confirmation: Commit, Mark read,
 * OK), else its first button.
 */
function focusFirstFieldOrPrimary(panel: HTMLElement): void {
  const body = panel.querySelector<HTMLElement>('[data-modal-body]');
  // A body may name its own start (the suggestions panel: the selected suggestion).
  const named = body?.querySelector<HTMLElement>('[data-autofocus]');
  const field = named ?? body?.querySelector<HTMLElement>(formFieldSelector);
  const primary = panel.querySelector<HTMLElement>('[data-modal-primary]:not(:disabled)');
  const anyButton = panel.querySelector<HTMLElement>('button:not(:disabled)');
  (field ?? primary ?? anyButton)?.focus();
}

/**
 * Keeps the focus in the modal across a request: its buttons are disabled while busy, which
 * drops the focus of the one pressed; after the answer (a 409 duplicate, say) the focus goes
 * back to where it was, or to the first field.
 */
function useFocusKeptWhileBusy(busy: boolean) {
  const panel = useRef<HTMLElement | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const onFocus = useCallback((event: FocusEvent) => {
    if (event.target instanceof HTMLElement) lastFocused.current = event.target;
  }, []);
  useEffect(() => {
    const element = panel.current;
    if (busy || element === null || element.contains(document.activeElement)) return;
    const last = lastFocused.current;
    if (last !== null && element.contains(last) && !last.matches(':disabled')) last.focus();
    else focusFirstFieldOrPrimary(element);
  }, [busy]);
  const attach = useCallback((element: HTMLElement | null) => {
    panel.current = element;
    // Before Headless UI's own initial focus (a microtask later), which keeps a focus inside.
    if (element !== null) focusFirstFieldOrPrimary(element);
  }, []);
  return { attach, onFocus };
}

/**
 * The shared modal on Headless UI's Dialog: focus is trapped inside, starts on the first field
 * or the primary action, stays inside across a request, and returns to the opener when it
 * closes; every button is reachable by Tab.
 */
export function Modal(props: ModalProps) {
  const { open, title, children, fullScreen = false, submenu, busy = false } = props;
  useOverlayRegistration(open);
  const focus = useFocusKeptWhileBusy(busy);
  const primary = props.onSubmit
    ? 'submit'
    : props.onSave
      ? 'save'
      : props.onDelete
        ? 'delete'
        : null;
  const primaryMark = (button: ModalButton) =>
    button === primary ? { 'data-modal-primary': true } : {};
  const label = (button: ModalButton) => props.labels?.[button] ?? defaultLabels[button];
  const isDisabled = (button: ModalButton) => busy || props.disabled?.[button] === true;

  const panelClass = fullScreen
    ? 'fixed inset-0 flex flex-col bg-white'
    : 'flex max-h-[90vh] w-full max-w-2xl flex-col rounded-md bg-white shadow-xl';

  return (
    <Dialog open={open} onClose={ignoreClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className={fullScreen ? '' : 'fixed inset-0 flex items-center justify-center p-4'}>
        <DialogPanel
          ref={focus.attach}
          onFocus={focus.onFocus}
          onKeyDownCapture={(event) => {
            const panel = event.currentTarget;
            enterMovesOn(event, panel.querySelector<HTMLElement>('[data-modal-body]'), () =>
              panel.querySelector<HTMLElement>('[data-modal-primary]:not(:disabled)'),
            );
          }}
          className={panelClass}
        >
          <div className="border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
          </div>
          <div className="flex min-h-0 flex-1">
            {submenu && (
              <nav className="w-52 shrink-0 overflow-y-auto border-r border-slate-200 bg-slate-50 p-2 text-sm">
                {submenu}
              </nav>
            )}
            <div data-modal-body className="min-w-0 flex-1 overflow-y-auto px-5 py-4 text-sm">
              {children}
            </div>
          </div>
          <div className="flex items-center gap-2 border-t border-slate-200 px-5 py-3">
            {props.onDelete && (
              <Button
                variant="danger"
                disabled={isDisabled('delete')}
                onClick={props.onDelete}
                {...primaryMark('delete')}
              >
                {label('delete')}
              </Button>
            )}
            <div className="ml-auto flex items-center gap-2">
              {props.onClear && (
                <Button variant="ghost" disabled={isDisabled('clear')} onClick={props.onClear}>
                  {label('clear')}
                </Button>
              )}
              {props.onCancel && (
                <Button disabled={isDisabled('cancel')} onClick={props.onCancel}>
                  {label('cancel')}
                </Button>
              )}
              {props.onSave && (
                <Button
                  variant={props.onSubmit ? 'secondary' : 'primary'}
                  disabled={isDisabled('save')}
                  onClick={props.onSave}
                  {...primaryMark('save')}
                >
                  {label('save')}
                </Button>
              )}
              {props.onSubmit && (
                <Button
                  variant="primary"
                  disabled={isDisabled('submit')}
                  onClick={props.onSubmit}
                  {...primaryMark('submit')}
                >
                  {label('submit')}
                </Button>
              )}
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
