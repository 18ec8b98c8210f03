import { describe, expect, it } from 'vitest';
import { Importance } from '../enums';
import { audienceOf, mailText, updateMail } from './notifications';

describe('audienceOf', () => {
  it.each([
    [Importance.Critical, 'allUsers'],
    [Importance.Important, 'diseaseInterests'],
    [Importance.Standard, null],
    [null, null],
  ] as const)('%s → %s', (importance, audience) => {
    expect(audienceOf(importance)).toBe(audience);
  });
});

describe('mailText', () => {
  it('keeps the words and line structure, drops every tag', () => {
    expect(
      mailText(
        '<p>Cases <strong>rose</strong> &amp; spread&nbsp;fast.</p><ul><li>Lagos</li><li>Abuja</li></ul><p>x<br>y</p>',
      ),
    ).toBe('Cases rose & spread fast.\n\n• Lagos\n• Abuja\nx\ny');
  });
  it('drops scripts’ markup and decodes numeric entities', () => {
    expect(mailText('<img src=x onerror="alert(1)">&#65;&#x42;&lt;c&gt;')).toBe('AB<c>');
    expect(mailText(null)).toBe('');
  });
});

describe('updateMail', () => {
  it('uses the title as the subject and names the activity and place', () => {
    const mail = updateMail({
      title: '  Outbreak spreads to Lagos ',
      description: '<p>Twelve new cases.</p>',
      importance: Importance.Critical,
      diseaseName: 'Cholera',
      countryName: 'Nigeria',
      speciesName: 'Human',
      locationName: 'Lagos',
      reportedOn: '2024-01-12',
      link: 'http://localhost:5000/activity/7/2328926',
    });
    expect(mail.subject).toBe('Outbreak spreads to Lagos');
    expect(mail.text).toBe(
      [
        'Critical situational update: Cholera in Nigeria in Human',
        'Lagos, Nigeria, reported on 2024-01-12',
        '',
        'Twelve new cases.',
        '',
        'http://localhost:5000/activity/7/2328926',
      ].join('\n'),
    );
  });
});
