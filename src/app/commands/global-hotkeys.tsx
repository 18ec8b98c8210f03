import { useEffect } from 'react';
import { getLocation } from '@/app/router';
import { createKeyDispatcher } from '@/app/commands/key-dispatcher';
import { commandRegistry } from '@/app/commands/registry';
import { overlayStore } from '@/ui/overlay-store';

/** Installs the one global key handler over the one registry while the signed-in shell is up. */
export function GlobalHotkeys() {
  useEffect(
    () =>
      createKeyDispatcher({
        commands: commandRegistry.list,
        context: () => ({ pathname: getLocation().pathname }),
        dialogOpen: () => overlayStore.open > 0,
      }).install(document),
    [],
  );
  return null;
}
