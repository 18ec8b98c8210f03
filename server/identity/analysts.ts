/** A named demo analyst the embedded provider can sign in. */
export interface DemoAnalyst {
  /** The OpenID subject (`sub`), what users.subject stores. */
  readonly subject: string;
  readonly givenName: string;
  readonly familyName: string;
}

/** The analysts offered on the embedded provider's sign-in page, in display order. */
export const demoAnalysts: readonly DemoAnalyst[] = [
  { subject: 'analyst-amara', givenName: 'Amara', familyName: 'Okafor' },
  { subject: 'analyst-lukas', givenName: 'Lukas', familyName: 'Schneider' },
  { subject: 'analyst-mei', givenName: 'Mei', familyName: 'Tanaka' },
];

/** The demo analyst with this subject, if any. */
export const findDemoAnalyst = (subject: string): DemoAnalyst | undefined =>
  demoAnalysts.find((a) => a.subject === subject);

/** Display name: given name, then family name. */
export const fullName = (a: DemoAnalyst) => `${a.givenName} ${a.familyName}`;
