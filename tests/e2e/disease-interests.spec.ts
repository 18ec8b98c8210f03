import { expect, signIn, test, pressSequence } from './fixtures';
import {
  apiSession,
  call,
  createActivity,
  daysAgo,
  type Activity,
  type ApiSession,
} from './activity-details-setup';

/**
 * Who is notified (spec 001 §1, §5; issue 15): an Important situational update is mailed to the
 * users interested in the activity's disease. Amara follows nothing, so the first Important
 * update does not reach her; she follows the disease on the settings screen (g n, keys only);
 * the next one does. Checked in GET /api/outbox.
 */

const amara = 'amara.okafor@ist.example';

interface Mail {
  readonly subject: string;
  readonly recipients: readonly string[];
  readonly diseaseActivityId: number | null;
}

async function commitImportant(session: ApiSession, activity: Activity, title: string) {
  const path = `/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.countryId}`;
  const detail = await call(session, 'GET', `${path}/numDays/5`);
  const res = await call(
    session,
    'POST',
    `${path}/reports/propagate?propagate=false`,
    {
      commitChanges: true,
      warningsAccepted: true,
      descriptions: [
        {
          locationId: activity.countryId,
          reportedOn: daysAgo(0),
          title,
          description: '<p>Cases in two new districts.</p>',
          importance: 'Important',
          updateReason: 'Media Update',
        },
      ],
    },
    { 'if-match': detail.etag ?? '' },
  );
  expect(res.status).toBe(201);
  const outbox = (await call(session, 'GET', '/outbox?limit=500')).json as Mail[];
  const mail = outbox.find((m) => m.subject.includes(title));
  if (!mail) throw new Error(`no mail for '${title}'`);
  return mail;
}

test('the settings screen changes who receives an Important mail', async ({ page, baseURL }) => {
  const session = await apiSession(baseURL ?? '');
  expect(
    (await call(session, 'PUT', '/users/me/diseaseInterests', { diseaseIds: [] })).status,
  ).toBe(200);
  const activity = await createActivity(session);
  const detail = (
    await call(
      session,
      'GET',
      `/diseaseactivities/${activity.diseaseActivityId}/countries/${activity.countryId}/numDays/5`,
    )
  ).json as { activity: { diseaseId: number; diseaseName: string } };
  const { diseaseName } = detail.activity;

  const before = await commitImportant(session, activity, `Important before ${Date.now()}`);
  expect(before.recipients).not.toContain(amara);

  await signIn(page);
  await pressSequence(page, 'g n');
  await expect(page).toHaveURL(/\/settings$/);
  const mails = page.getByTestId('mails-you-get');
  await expect(mails).toContainText(`Sent to ${amara}.`);
  await expect(mails).toContainText('Important situational updates: none');

  await page.getByRole('searchbox', { name: 'Find a disease' }).focus();
  await page.keyboard.type(diseaseName);
  const box = page.getByRole('checkbox', { name: diseaseName, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.screenshot({ path: 'screenshots/settings-disease-interests-chosen.png' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save interests' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Disease interests saved.');
  await expect(mails).toContainText(`Important situational updates: ${diseaseName}.`);
  await page.screenshot({ path: 'screenshots/settings-disease-interests.png' });

  const after = await commitImportant(session, activity, `Important after ${Date.now()}`);
  expect(after.recipients).toContain(amara);
});
