import { useHotkeys } from 'react-hotkeys-hook';
import { getLocation } from '@/app/router';
import {
  globalScope,
  isCommandAvailable,
  useCommands,
  type Command,
} from '@/app/commands/registry';
import { useAnyOverlayOpen } from '@/ui/overlay-store';

// Symbols such as '?' sit on different physical keys per layout: match the produced character.
// Letters and sequences match the physical key, so they work whatever the layout's letters.
const matchesProducedKey = (hotkey: string) => !hotkey.includes('>') && /[^a-z0-9+]/.test(hotkey);

function CommandHotkey({
  command,
  hotkey,
}: {
  readonly command: Command;
  readonly hotkey: string;
}) {
  const overlayOpen = useAnyOverlayOpen();
  const inInputs = command.enableInInputs === true;
  useHotkeys(
    hotkey,
    (event) => {
      const context = { pathname: getLocation().pathname };
      if (!isCommandAvailable(command, context)) return;
      event.preventDefault();
      command.run(context);
    },
    {
      scopes: command.scope ?? globalScope,
      // While a dialog is open only the commands meant to work anywhere (Ctrl/Cmd+K) listen.
      enabled: inInputs || !overlayOpen,
      enableOnFormTags: inInputs,
      // The rich-text editor is contenteditable: Alt+V (validate) must work from it too.
      enableOnContentEditable: inInputs,
      useKey: matchesProducedKey(hotkey),
      description: command.title,
    },
    [command],
  );
  return null;
}

/** Binds every registered command's hotkey (react-hotkeys-hook reads the one registry). */
export function GlobalHotkeys() {
  const commands = useCommands();
  return (
    <>
      {commands.map((command) =>
        command.hotkey ? (
          <CommandHotkey key={command.id} command={command} hotkey={command.hotkey} />
        ) : null,
      )}
    </>
  );
}
