import { expect, test, type Page, pressSequence } from './fixtures';

/**
 * The foundation's end-to-end path in real Chromium, through the real OpenID flow of the
 * embedded provider: nothing of ours is mocked.
 */

async function signInAs(page: Page, name: string) {
  await page.goto('/');
  // Redirected to the embedded provider's sign-in page.
  await expect(page).toHaveURL(/\/oidc\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/activity$/);
}

test('a fresh start signs in through the embedded provider and lands on /activity', async ({
  page,
}) => {
  await signInAs(page, 'Amara Okafor');
  const header = page.getByRole('banner');
  await expect(header).toContainText('Amara Okafor');
  await expect(header).toContainText('E2E');
  await expect(header).toContainText('0.1.0');
  await expect(header).toContainText('e2e-build');
  await expect(header.getByRole('link', { name: 'Disease Activity Index' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Article Index' })).toBeVisible();
  await expect(page).toHaveTitle('IST - E2E');
});

test('Sign Out reaches the logged-out page', async ({ page }) => {
  await signInAs(page, 'Lukas Schneider');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/authentication\/logged-out$/);
});

test('a return URL on another origin is refused', async ({ page }) => {
  await page.goto('/authentication/login?returnUrl=https://evil.example/');
  await expect(
    page.getByText(
      'Invalid return url. The return url needs to have the same origin as the current page.',
    ),
  ).toBeVisible();
});

test('the palette and the shortcut sheet work from the keyboard', async ({ page }) => {
  await signInAs(page, 'Mei Tanaka');
  // The landing screen loads its list first; keys typed before the app is ready are lost.
  await expect(page.getByTestId('activity-count')).toContainText('disease activities');
  await pressSequence(page, 'g r');
  await expect(page).toHaveURL(/\/article$/);
  // A sequence half-typed while a screen mounts survives the mount (its hotkey scope is always
  // on): src/features/articles/index/article-index-commands.test.ts shows it without timing.
  await expect(page.getByTestId('article-count')).toContainText('article(s) found');
  await pressSequence(page, 'g a');
  await expect(page).toHaveURL(/\/activity$/);
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog')).toContainText('Keyboard shortcuts');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('Article Index');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article$/);
});

test('an expired access token leads to sign-out', async ({ page }) => {
  await signInAs(page, 'Amara Okafor');
  await expect(page.getByRole('banner')).toContainText('Amara Okafor');
  // Rewrite the stored token so it has expired: its exp is in the past (which also breaks its
  // signature). oidc-client-ts still believes it is live (expires_at untouched), so the next
  // API call carries it, the server answers 401 and the app must sign the user out.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored user');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    const [header, payload, signature] = user.access_token.split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const encoded = btoa(JSON.stringify(claims))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    user.access_token = `${header}.${encoded}.${signature}`;
    localStorage.setItem(key, JSON.stringify(user));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/authentication\/logged-out$/);
  await expect(page.getByRole('banner')).toHaveCount(0);
});
