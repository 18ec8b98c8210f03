import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSnapshot } from 'valtio';
import { commandUiStore, setShortcutSheetOpen } from '@/app/commands/command-ui-store';
import { HotkeyKeys } from '@/app/commands/hotkey-keys';
import { shortcutRows } from '@/app/commands/hotkey-label';
import { useCommands } from '@/app/commands/registry';
import { Button } from '@/ui/button';
import { useOverlayRegistration } from '@/ui/overlay-store';

/** The `?` sheet: every registered command that has a hotkey, by group. */
export default function ShortcutSheet() {
  const { shortcutSheetOpen } = useSnapshot(commandUiStore);
  const commands = useCommands();
  useOverlayRegistration(shortcutSheetOpen);
  const close = () => setShortcutSheetOpen(false);

  return (
    <Dialog open={shortcutSheetOpen} onClose={close} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex items-start justify-center px-4 pt-[12vh]">
        <DialogPanel className="w-full max-w-lg rounded-md border border-slate-200 bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">
              Keyboard shortcuts
            </DialogTitle>
            <Button variant="ghost" onClick={close} autoFocus>
              Close
            </Button>
          </div>
          {/* A scrolling region the keys can reach and scroll (axe scrollable-region-focusable). */}
          <div
            className="max-h-[60vh] overflow-y-auto px-5 py-3"
            tabIndex={0}
            role="region"
            aria-label="Shortcuts"
          >
            {shortcutRows(commands).map(([group, rows]) => (
              <section key={group} className="py-2">
                <h2 className="pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
                  {group}
                </h2>
                <dl className="divide-y divide-slate-100">
                  {rows.map(({ title, hotkeys }) => (
                    <div key={title} className="flex items-center justify-between py-1.5 text-sm">
                      <dt className="text-slate-800">{title}</dt>
                      <dd className="inline-flex items-center gap-1.5 text-[11px] text-slate-500">
                        {hotkeys.map((hotkey, i) => (
                          <span key={hotkey} className="inline-flex items-center gap-1.5">
                            {i > 0 && <span>or</span>}
                            <HotkeyKeys hotkey={hotkey} />
                          </span>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
