/** Enumerations of spec 000 §3 and spec 001 §3, with the spec's own names and codes. */

/** Article content type (hamType). */
export const ArticleContentType = { Spam: 1, DiseaseInformation: 2, DiseaseActivity: 3 } as const;
export type ArticleContentType = (typeof ArticleContentType)[keyof typeof ArticleContentType];

/** Feed sources. */
export const FeedSource = {
  ProMED: 1,
  WHO: 2,
  GDELT: 3,
  WHOAfro: 4,
  EmpresI: 5,
  PHAC: 6,
  BrazilEpi: 7,
  WHOEMRO: 8,
  RSS: 9,
  NewsMedia: 10,
} as const;
export type FeedSource = (typeof FeedSource)[keyof typeof FeedSource];

export const ReadStatus = { Unread: 0, Read: 1 } as const;
export type ReadStatus = (typeof ReadStatus)[keyof typeof ReadStatus];

/** Location type codes. */
export const LocationType = { City: 2, State: 4, Country: 6, County: 9, Metro: 30 } as const;
export type LocationType = (typeof LocationType)[keyof typeof LocationType];

/** Names of the location types (spec 000 §3 "city 2, state 4, country 6, county 9, metro 30"). */
export const locationTypeLabel: Readonly<Record<number, string>> = {
  [LocationType.City]: 'City',
  [LocationType.State]: 'State',
  [LocationType.Country]: 'Country',
  [LocationType.County]: 'County',
  [LocationType.Metro]: 'Metro',
};

/** Location priority order: city 5, county 4, metro 3, state 2, country 1. */
export const locationTypePriority: Readonly<Record<LocationType, number>> = {
  [LocationType.City]: 5,
  [LocationType.County]: 4,
  [LocationType.Metro]: 3,
  [LocationType.State]: 2,
  [LocationType.Country]: 1,
};

/** Entry (report) types. */
export const EntryType = {
  CASE_DATA: 0,
  DESCRIPTION: 1,
  TRAVELLER: 2,
  AUTO_SURVEILLANCE: 3,
  PROCESSED: 4,
  INACTIVITY: 5,
  NEW_REPORTING_PERIOD: 6,
  END_REPORTING_PERIOD: 7,
} as const;
export type EntryType = (typeof EntryType)[keyof typeof EntryType];

/** How each entry type is shown to analysts. */
export const entryTypeLabel: Readonly<Record<EntryType, string>> = {
  [EntryType.CASE_DATA]: 'Case Data',
  [EntryType.DESCRIPTION]: 'Situational Update',
  [EntryType.TRAVELLER]: 'Traveller',
  [EntryType.AUTO_SURVEILLANCE]: 'Case Data',
  [EntryType.PROCESSED]: 'Daily Total',
  [EntryType.INACTIVITY]: 'Check-in',
  [EntryType.NEW_REPORTING_PERIOD]: 'New Reporting Period',
  [EntryType.END_REPORTING_PERIOD]: 'End Reporting Period',
};

/** Entry type ordering weights (spec 001 §3). */
export const entryTypeWeight: Readonly<Record<EntryType, number>> = {
  [EntryType.NEW_REPORTING_PERIOD]: 0,
  [EntryType.DESCRIPTION]: 1,
  [EntryType.TRAVELLER]: 1,
  [EntryType.INACTIVITY]: 1,
  [EntryType.CASE_DATA]: 2,
  [EntryType.AUTO_SURVEILLANCE]: 2,
  [EntryType.PROCESSED]: 3,
  [EntryType.END_REPORTING_PERIOD]: 4,
};

export const SpeciesGroup = { Humans: 1, Domesticated: 2, WildAnimals: 3, Vectors: 4 } as const;
export type SpeciesGroup = (typeof SpeciesGroup)[keyof typeof SpeciesGroup];
export const speciesGroupLabel: Readonly<Record<SpeciesGroup, string>> = {
  1: 'Humans',
  2: 'Domesticated',
  3: 'Wild animals',
  4: 'Vectors',
};

export const UpdateStatus = { Active: 0, NeedsUpdate: 1, Inactive: 2 } as const;
export type UpdateStatus = (typeof UpdateStatus)[keyof typeof UpdateStatus];

export const Visibility = { Invisible: 0, Visible: 1 } as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

/** Commit status values as the API spells them ('PartiallyCommited' sic). */
export const CommitStatus = {
  New: 'New',
  Uncommitted: 'Uncommitted',
  PartiallyCommitted: 'PartiallyCommited',
  FullyCommitted: 'FullyCommitted',
  AutoCommitted: 'AutoCommitted',
  UserCommitted: 'UserCommitted',
} as const;
export type CommitStatus = (typeof CommitStatus)[keyof typeof CommitStatus];

export const AutoSurveillanceReview = {
  NonASActivities: 0,
  UserCommitted: 1,
  AutoCommitted: 2,
  AutoCommitFailed: 3,
  AutoCommitPending: 4,
} as const;
export type AutoSurveillanceReview =
  (typeof AutoSurveillanceReview)[keyof typeof AutoSurveillanceReview];

/** Report status; a new report has no status (null). */
export const ReportStatus = { Deleted: 0, Saved: 1, Committed: 2 } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

export const Importance = {
  Standard: 'Standard',
  Important: 'Important',
  Critical: 'Critical',
} as const;
export type Importance = (typeof Importance)[keyof typeof Importance];

export const ReportingPeriodType = {
  NewOutbreak: 'NewOutbreak',
  NewSeason: 'NewSeason',
  NotApplicable: 'NotApplicable',
} as const;
export type ReportingPeriodType = (typeof ReportingPeriodType)[keyof typeof ReportingPeriodType];
export const reportingPeriodTypeLabel: Readonly<Record<ReportingPeriodType, string>> = {
  NewOutbreak: 'New Outbreak',
  NewSeason: 'New Season',
  NotApplicable: 'Not Applicable',
};

export const InactivityReason = {
  NoNewCases: 'NoNewCases',
  NoNewInformation: 'NoNewInformation',
} as const;
export type InactivityReason = (typeof InactivityReason)[keyof typeof InactivityReason];

export const SuggestedActionKind = {
  NewSuggestedActivity: 'NewSuggestedActivity',
  NewSuggestedLocation: 'NewSuggestedLocation',
  NewSuggestedUpdate: 'NewSuggestedUpdate',
} as const;
export type SuggestedActionKind = (typeof SuggestedActionKind)[keyof typeof SuggestedActionKind];

/** Article origins (who created an article). Not roles. */
export const Origin = {
  IstUser: 'IST User',
  PubcrawlerSystem: 'Pubcrawler System',
  OiSystem: 'OI System',
} as const;
export type Origin = (typeof Origin)[keyof typeof Origin];

/** Message level of a server message (spec 000 §3). */
export const MessageLevel = {
  WARNINGLOW: 'WARNINGLOW',
  WARNINGHIGH: 'WARNINGHIGH',
  ERROR: 'ERROR',
} as const;
export type MessageLevel = (typeof MessageLevel)[keyof typeof MessageLevel];
