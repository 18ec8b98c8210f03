import { Importance } from '../enums';
import { decodeHtmlEntities } from '../html-entities';

/**
 * Who a committed situational update notifies, and the mail it sends (spec 001 §1, §5):
 * Critical goes to all users, Important to users with the disease among their interests,
 * Standard to nobody; the title is the subject line.
 */

export type Audience = 'allUsers' | 'diseaseInterests';

/** Who is mailed when an update of this importance is committed; null for nobody. */
export function audienceOf(importance: Importance | null): Audience | null {
  if (importance === Importance.Critical) return 'allUsers';
  if (importance === Importance.Important) return 'diseaseInterests';
  return null;
}

export interface UpdateMailInput {
  readonly title: string | null;
  /** Rich text (HTML) as stored. */
  readonly description: string | null;
  readonly importance: Importance;
  readonly diseaseName: string;
  readonly countryName: string;
  readonly speciesName: string;
  readonly locationName: string;
  readonly reportedOn: string;
  /** Where the activity opens in the product. */
  readonly link: string;
}

/**
 * Rich text as plain text for a mail: block ends become line breaks, list items bullets, tags
 * go and the common entities are decoded. Plain text only, so no analyst-written markup
 * reaches a mail client.
 */
export function mailText(html: string | null): string {
  if (html === null) return '';
  return decodeHtmlEntities(
    html
      .replace(/<\s*br\s*\/?>/gi, '\n')
      .replace(/<\s*li[^>]*>/gi, '\n• ')
      .replace(/<\/\s*(p|div|h[1-6]|ul|ol|blockquote|pre|tr|table)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The mail of a committed Important or Critical update: the title as subject, then the text. */
export function updateMail(input: UpdateMailInput): { subject: string; text: string } {
  const where =
    input.locationName === input.countryName
      ? input.countryName
      : `${input.locationName}, ${input.countryName}`;
  const subject = (input.title ?? '').trim();
  const text = [
    `${input.importance} situational update: ${input.diseaseName} in ${input.countryName} in ${input.speciesName}`,
    `${where}, reported on ${input.reportedOn}`,
    '',
    mailText(input.description),
    '',
    input.link,
  ].join('\n');
  return { subject, text };
}
