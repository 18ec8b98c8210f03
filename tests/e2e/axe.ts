import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures';

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA rules) on the page as it is
 * now, one line each (rule, impact: targets). Issue 14 allows none on any screen or dialog.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
