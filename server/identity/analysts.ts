/** A named demo analyst the embedded provider can sign in. */
export interface DemoAnalyst {
  /** The OpenID subject (`sub`), what users.subject stores. */
  readonly subject: string;
  readonly givenName: string;
  readonly familyName: string;
  /** Where notification mails go (a reserved example domain: nothing is delivered there). */
  readonly email: string;
}

/** The analysts offered on the embedded provider's sign-in page, in display order. */
export const demoAnalysts: readonly DemoAnalyst[] = [
  {
    subject: 'analyst-amara',
    givenName: 'Amara',
    familyName: 'Okafor',
    email: 'amara.okafor@ist.example',
  },
  {
    subject: 'analyst-lukas',
    givenName: 'Lukas',
    familyName: 'Schneider',
    email: 'lukas.schneider@ist.example',
  },
  {
    subject: 'analyst-mei',
    givenName: 'Mei',
    familyName: 'Tanaka',
    email: 'mei.tanaka@ist.example',
  },
];

/** The demo analyst with this subject, if any. */
export const findDemoAnalyst = (subject: string): DemoAnalyst | undefined =>
  demoAnalysts.find((a) => a.subject === subject);

/** Display name: given name, then family name. */
export const fullName = (a: DemoAnalyst) => `${a.givenName} ${a.familyName}`;
