import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { AlertStack } from '@/app/alerts/alert-stack';
import { appCommands } from '@/app/commands/app-commands';
import { commandUiStore } from '@/app/commands/command-ui-store';
import { GlobalHotkeys } from '@/app/commands/global-hotkeys';
import { commandRegistry } from '@/app/commands/registry';
import { useLocation } from '@/app/router';
import { Header } from '@/app/shell/header';

// The palette and the sheet load on first use: they are not needed to show the first screen.
const CommandPalette = lazy(() => import('@/app/commands/command-palette'));
const ShortcutSheet = lazy(() => import('@/app/commands/shortcut-sheet'));
const GoToActivityDialog = lazy(() => import('@/features/activities/go-to-activity-dialog'));

/** True once `flag` has been true: lazy surfaces stay mounted after their first opening. */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}

/** Moves focus to the main region after an in-app navigation, so screen readers follow. */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** The signed-in frame: header, main region, alert stack, global hotkeys, palette and sheet. */
export function Shell({ children }: { readonly children: ReactNode }) {
  const { paletteOpen, shortcutSheetOpen, goToActivityOpen } = useSnapshot(commandUiStore);
  const paletteMounted = useOnceTrue(paletteOpen);
  const sheetMounted = useOnceTrue(shortcutSheetOpen);
  const finderMounted = useOnceTrue(goToActivityOpen);
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main);

  useEffect(() => commandRegistry.register(appCommands), []);

  return (
    <div className="min-h-screen bg-slate-50">
      <Header />
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className="mx-auto max-w-[1600px] px-4 py-5 outline-none"
      >
        {children}
      </main>
      <AlertStack />
      <GlobalHotkeys />
      <Suspense fallback={null}>
        {paletteMounted && <CommandPalette />}
        {sheetMounted && <ShortcutSheet />}
        {finderMounted && <GoToActivityDialog />}
      </Suspense>
    </div>
  );
}
