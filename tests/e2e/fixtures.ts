import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

/** What the page reported: a securitypolicyviolation event, or Chromium's console line for one. */
interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
}

declare global {
  interface Window {
    /** Bound by the fixture below; the page's listener reports through it. */
    __istCspViolation?: (violation: Violation) => void;
  }
}

/**
 * Chromium checks the page's CSP inside the inert document DOMPurify parses untrusted HTML into
 * (DOMParser inherits the policy) and reports the inline handlers it meets there, although
 * nothing in that document runs (cure53/DOMPurify#107, #900). Those reports come from our one
 * sanitiser module and name inline handlers only; they are not violations of the app. That
 * nothing runs is asserted by article-details.spec.ts. Style violations are not excused (issue
 * 31): the rich-text editor's own inline styles, parsed by the sanitiser, hid behind this.
 */
function isInertParse(v: Violation, untrustedStyles: boolean): boolean {
  if (!/\/assets\/sanitized-html-[\w-]+\.js/.test(v.source)) return false;
  if (v.directive === 'script-src-attr') return true;
  if (v.directive === 'console' && /^Executing inline event handler violates/.test(v.blocked)) {
    return true;
  }
  // Only where a test feeds styled hostile HTML on purpose (the DOMPurify vectors).
  if (!untrustedStyles) return false;
  if (['style-src-attr', 'style-src-elem'].includes(v.directive)) return true;
  return v.directive === 'console' && /^Applying inline style violates/.test(v.blocked);
}

/**
 * Every spec imports `test` and `expect` from here, not from @playwright/test (issue 16): each
 * page runs under the server's Content-Security-Policy with a listener that fails the test on
 * any `securitypolicyviolation` (in the SPA and on the sign-in pages alike), and on Chromium's
 * console report of one (a violation inside the worker has no document to fire on).
 */
export const test = base.extend<{ cspViolations: Violation[]; untrustedStyledHtml: boolean }>({
  /**
   * A spec that loads styled hostile HTML on purpose sets this (`test.use`): the sanitiser's
   * inert parse then reports those styles, though none is applied. Everywhere else a style
   * report fails the test.
   */
  untrustedStyledHtml: [false, { option: true }],
  cspViolations: [
    async ({ context, untrustedStyledHtml }, use) => {
      const violations: Violation[] = [];
      await context.exposeBinding('__istCspViolation', (_source, v: Violation) => {
        violations.push(v);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          window.__istCspViolation?.({
            directive: e.effectiveDirective,
            blocked: e.blockedURI,
            source: `${e.sourceFile}:${e.lineNumber}`,
          });
        });
      });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) {
          violations.push({
            directive: 'console',
            blocked: message.text(),
            source: message.location().url,
          });
        }
      });
      await use(violations);
      expect(
        violations.filter((v) => !isInertParse(v, untrustedStyledHtml)),
        'Content-Security-Policy violations',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A session one real sign-in made: the provider's cookies and oidc-client-ts's stored user. */
interface SavedSession {
  readonly cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  readonly storage: readonly (readonly [string, string])[];
  readonly at: number;
}

/**
 * Saved sessions, per server and analyst, for this worker (Playwright's storageState, kept in memory).
 * Access tokens live 15 minutes and oidc-client-ts renews one a minute before it ends, with a
 * refresh token the provider rotates: a saved session is reused for 8 minutes only, so no test
 * starts on a token close enough to its end to renew (and spend) the shared refresh token.
 */
const savedSessions = new Map<string, SavedSession>();
const savedSessionLifetimeMs = 8 * 60_000;

/**
 * Signs in through the real OpenID flow: the app sends the browser to the embedded provider,
 * whose page lists the seeded analysts; choosing one lands on the activity index. The first
 * sign-in of each analyst (and one every 8 minutes) clicks through the provider; the next ones
 * start from the session it saved, as Playwright's storageState does (issue 32: a real sign-in
 * in every test was minutes of the suite). sign-in.spec.ts tests the flow itself.
 */
/** The shell's keys are bound (global-hotkeys.tsx): a key pressed before that is lost. */
/**
 * Presses keys one after another in one step ('a c', 'g m'; or 'Alt+v', 'Enter'). A sequence's
 * keys must come within the key layer's sequence timeout (1 s, as an analyst's would): pressed as
 * separate test steps, a loaded machine spaced 'a' and 'c' 1.5 s apart and the entry was never
 * added. Single characters are typed in one call; named keys are pressed in turn.
 */
export async function pressSequence(page: Page, ...keys: string[]): Promise<void> {
  const all = keys.flatMap((key) => key.split(' ')).filter((key) => key !== '');
  if (all.every((key) => key.length === 1)) {
    await page.keyboard.type(all.join(''));
    return;
  }
  for (const key of all) await page.keyboard.press(key);
}

export async function keysBound(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hotkeys', 'bound', { timeout: 30_000 });
}

export async function signIn(page: Page, name = 'Amara Okafor'): Promise<void> {
  // Per server too: each project of playwright.config.ts has its own.
  const key = `${String(test.info().project.use.baseURL)} ${name}`;
  const saved = savedSessions.get(key);
  if (saved !== undefined && Date.now() - saved.at < savedSessionLifetimeMs) {
    await page.context().addCookies([...saved.cookies]);
    // A same-origin page that runs no app code, to write the app's localStorage before it starts.
    await page.goto('/config.json');
    await page.evaluate((items) => {
      for (const [key, value] of items) localStorage.setItem(key, value);
    }, saved.storage);
    await page.goto('/');
    await expect(page).toHaveURL(/\/activity$/);
    await keysBound(page);
    return;
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await keysBound(page);
  const storage = await page.evaluate(() =>
    Object.entries(localStorage).filter(([key]) => key.startsWith('oidc.user:')),
  );
  if (storage.length === 0) throw new Error('signed in, but no stored user was found');
  savedSessions.set(key, { cookies: await page.context().cookies(), storage, at: Date.now() });
}
