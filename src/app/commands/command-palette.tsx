import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Command as Cmdk } from 'cmdk';
import { useSnapshot } from 'valtio';
import { messages } from '@/domain/messages';
import { commandUiStore, setPaletteOpen } from '@/app/commands/command-ui-store';
import { groupCommands } from '@/app/commands/group-commands';
import { HotkeyKeys } from '@/app/commands/hotkey-keys';
import { paletteScore } from '@/app/commands/palette-filter';
import { isCommandAvailable, useCommands, type Command } from '@/app/commands/registry';
import { useLocation } from '@/app/router';
import { useOverlayRegistration } from '@/ui/overlay-store';

/**
 * Runs a command once the palette is gone and Headless UI has given the focus back to where it
 * was: a command that moves the focus ('Next location' from a figure's cell) keeps its move.
 */
function runOnceClosed(perform: () => void, started = Date.now()): void {
  requestAnimationFrame(() => {
    const stillOpen = document.querySelector('[data-command-palette]') !== null;
    if (stillOpen && Date.now() - started < 1000) runOnceClosed(perform, started);
    else setTimeout(perform, 0);
  });
}

/** The command palette (Ctrl/Cmd+K): every available command of the registry, searchable. */
export default function CommandPalette() {
  const { paletteOpen } = useSnapshot(commandUiStore);
  const commands = useCommands();
  const { pathname } = useLocation();
  useOverlayRegistration(paletteOpen);

  const context = { pathname };
  const available = commands.filter(
    (command) => command.inPalette !== false && isCommandAvailable(command, context),
  );
  const run = (command: Command) => {
    setPaletteOpen(false);
    runOnceClosed(() => command.run(context));
  };

  return (
    <Dialog open={paletteOpen} onClose={() => setPaletteOpen(false)} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex items-start justify-center px-4 pt-[14vh]">
        <DialogPanel
          data-command-palette
          className="w-full max-w-xl overflow-hidden rounded-md border border-slate-200 bg-white shadow-xl"
        >
          <DialogTitle className="sr-only">Command palette</DialogTitle>
          <Cmdk label="Command palette" loop filter={paletteScore} className="text-sm">
            <Cmdk.Input
              autoFocus
              placeholder="Type a command…"
              className="h-11 w-full border-b border-slate-200 px-4 text-sm text-slate-900 outline-none placeholder:text-slate-400"
            />
            <Cmdk.List className="max-h-80 overflow-y-auto p-1">
              <Cmdk.Empty className="px-3 py-6 text-center text-slate-500">
                {messages.noResultsFound}
              </Cmdk.Empty>
              {groupCommands(available).map(([group, list]) => (
                <Cmdk.Group
                  key={group}
                  heading={group}
                  className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase"
                >
                  {list.map((command) => (
                    <Cmdk.Item
                      key={command.id}
                      value={command.title}
                      keywords={[...(command.keywords ?? [])]}
                      onSelect={() => run(command)}
                      className="flex cursor-pointer items-center justify-between rounded px-3 py-2 text-slate-800 data-[selected=true]:bg-accent-50 data-[selected=true]:text-accent-900"
                    >
                      <span>{command.title}</span>
                      {command.hotkey && <HotkeyKeys hotkey={command.hotkey} />}
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              ))}
            </Cmdk.List>
          </Cmdk>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
