import { expect, test } from './fixtures';

/**
 * Issue 16: the app runs under the server's Content-Security-Policy. Every spec fails on a
 * violation (tests/e2e/fixtures.ts); this one shows the listener hears one: an inline script
 * injected into the signed-in SPA is refused and reported.
 */
test('an inline script in the signed-in app is refused and reported', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByRole('button', { name: 'Amara Okafor' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('banner')).toContainText('Amara Okafor');
  expect(cspViolations).toEqual([]);

  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "ran";';
    document.body.append(script);
    return document.body.dataset.injected ?? 'refused';
  });
  expect(ran).toBe('refused');
  // Heard twice: the page's securitypolicyviolation event and Chromium's console report.
  await expect
    .poll(() => cspViolations.map((v) => v.directive))
    .toEqual(expect.arrayContaining(['script-src-elem', 'console']));
  // Heard: clear it, so the fixture's own check passes for this one deliberate violation.
  cspViolations.length = 0;
});

/**
 * Issue 31: style violations are heard too (an inline style attribute set from script is
 * refused and reported), so the rich-text editor's old inline-style report could not pass.
 */
test('an inline style attribute in the signed-in app is refused and reported', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByRole('button', { name: 'Amara Okafor' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  expect(cspViolations).toEqual([]);

  const applied = await page.evaluate(() => {
    const box = document.createElement('div');
    box.setAttribute('style', 'color: rgb(255, 0, 0)');
    document.body.append(box);
    return getComputedStyle(box).color;
  });
  expect(applied).not.toBe('rgb(255, 0, 0)');
  await expect
    .poll(() => cspViolations.map((v) => v.directive))
    .toEqual(expect.arrayContaining(['style-src-attr']));
  cspViolations.length = 0;
});
