import { signOut } from '@/app/auth/sign-out';
import { navigate } from '@/app/router';
import { authPaths, routePatterns } from '@/app/routes';
import {
  commandUiStore,
  setGoToActivityOpen,
  setPaletteOpen,
  setShortcutSheetOpen,
} from '@/app/commands/command-ui-store';
import type { Command } from '@/app/commands/registry';

const insideApp = ({ pathname }: { pathname: string }) => !pathname.startsWith(authPaths.prefix);

/** The shell's own commands: navigation, help, palette and sign-out. */
export const appCommands: readonly Command[] = [
  {
    id: 'navigation.activityIndex',
    title: 'Go to Disease Activity Index',
    group: 'Navigation',
    hotkey: 'g>a',
    keywords: ['activity', 'activities', 'index'],
    when: insideApp,
    run: () => navigate(routePatterns.activityIndex),
  },
  {
    id: 'navigation.articleIndex',
    title: 'Go to Article Index',
    group: 'Navigation',
    hotkey: 'g>r',
    keywords: ['articles', 'reader', 'triage'],
    when: insideApp,
    run: () => navigate(routePatterns.articleIndex),
  },
  {
    id: 'navigation.map',
    title: 'Go to Map of disease activity',
    group: 'Navigation',
    hotkey: 'g>m',
    keywords: ['map', 'world', 'countries', 'situational picture', 'geography'],
    when: insideApp,
    run: () => navigate(routePatterns.map),
  },
  {
    id: 'navigation.goToActivity',
    title: 'Go to activity…',
    group: 'Navigation',
    hotkey: 'g>d',
    keywords: ['find', 'disease activity', 'open activity', 'jump'],
    when: insideApp,
    opensDialog: true,
    run: () => setGoToActivityOpen(true),
  },
  {
    id: 'navigation.suggestedActions',
    title: 'Suggested actions',
    group: 'Navigation',
    hotkey: 'g>s',
    keywords: ['suggestions', 'feeds', 'triage', 'new activity', 'unread'],
    when: insideApp,
    // The activity index opens its suggestions panel for this query (features/activities).
    run: () => navigate(`${routePatterns.activityIndex}?suggestions=open`),
  },
  {
    id: 'navigation.settings',
    title: 'Go to Notification settings (disease interests)',
    group: 'Navigation',
    hotkey: 'g>n',
    keywords: ['settings', 'diseases', 'interests', 'mail', 'e-mail', 'notifications', 'important'],
    when: insideApp,
    run: () => navigate(routePatterns.settings),
  },
  {
    id: 'navigation.feedSources',
    title: 'Go to Feed sources and ingestion health',
    group: 'Navigation',
    hotkey: 'g>f',
    keywords: ['feeds', 'rss', 'atom', 'sources', 'ingestion', 'health'],
    when: insideApp,
    run: () => navigate(routePatterns.feedSources),
  },
  {
    id: 'help.shortcuts',
    title: 'Show keyboard shortcuts',
    group: 'Help',
    hotkey: 'shift+?',
    keywords: ['help', 'keys', 'hotkeys'],
    opensDialog: true,
    run: () => setShortcutSheetOpen(true),
  },
  {
    id: 'help.palette',
    title: 'Open command palette',
    group: 'Help',
    hotkey: 'mod+k',
    inPalette: false,
    enableInInputs: true,
    opensDialog: true,
    run: () => setPaletteOpen(!commandUiStore.paletteOpen),
  },
  {
    id: 'session.signOut',
    title: 'Sign Out',
    group: 'Session',
    keywords: ['log out', 'logout'],
    when: insideApp,
    run: signOut,
  },
];
