import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures';

/** What a scan covers: the whole page, only the open dialog, or the elements a selector names. */
export type ScanScope = 'page' | 'dialog' | { readonly selector: string };

/**
 * The serious and critical axe-core violations (WCAG 2 A and AA rules) as the page is now, one
 * line each (rule, impact: targets). Issue 14 allows none on any screen or dialog. A dialog is
 * scanned alone (`scope: 'dialog'`): the page behind it has had its own scan, and a full-page
 * scan per dialog (colour contrast over every row) is what made the first version too slow.
 */
export async function seriousViolations(page: Page, scope: ScanScope = 'page'): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    // Only violations are read: axe then builds no node list for the thousands of passes.
    .options({ resultTypes: ['violations'] })
    // One axe.run in the page: the app has no frames, so the default's partial runs, a blank
    // page per scan and every partial result serialised into it buy nothing (issue 32).
    .setLegacyMode(true);
  if (scope === 'dialog') builder = builder.include('[role="dialog"]');
  else if (scope !== 'page') builder = builder.include(scope.selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // The element's start and axe's reason (a contrast ratio, say): enough to find and fix it.
      const nodes = v.nodes.map(
        (n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} [${n.failureSummary ?? ''}]`,
      );
      return `${v.id} (${v.impact}): ${nodes.join(', ')}`;
    });
}
