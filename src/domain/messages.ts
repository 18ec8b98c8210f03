/**
 * One catalogue of user-facing messages, in the spec's words (fastify's lib/errors.js habit).
 * Messages that take values are functions.
 */
export const messages = {
  startupFailed: 'Failed to load application. Please try reloading.',
  invalidReturnUrl:
    'Invalid return url. The return url needs to have the same origin as the current page.',
  couldNotLoadSettings: (application: string) => `Could not load settings for ${application}`,
  signInError: 'There was an error signing in.',
  invalidAuthenticationResultStatus: 'Invalid authentication result status',
  invalidAction: 'Invalid action',
  loginFailed: (message: string) => `Login failed ${message}`.trim(),
  istErrorPrefix: 'IST Error: ',
  requiredParameter: (name: string) => `Required parameter ${name} was null or undefined.`,
  linkToCommittedReportFailed: 'Failed to link articles to committed report.',
  confirmAllWarnings: 'Please confirm all warnings or make changes.',
  noResultsFound: 'No results found.',
  unauthorized: 'Unauthorized',
  notFound: (method: string, url: string) => `Route ${method}:${url} not found`,
  // Custom article (spec 000 §5), in the order of the table.
  articleTitleRequired: 'Article title is required',
  articleUrlRequired: 'Article URL is required',
  articleUrlInvalid: 'Article URL must be formatted as a URL',
  feedTypeRequired: 'Feed type is required',
  sourceGroupRequired: 'Source sub-category is required',
  sourceCategoryRequired: 'Source category is required',
  sourcePriorityRequired: 'Source priority is required',
  contentTypeRequired: 'Content type is required',
  // Articles API (designed; spec 000 §7 shows no wording).
  articleNotFound: (articleId: number) => `Article ${articleId} not found.`,
  articleReadOnly: (articleId: number) =>
    `Article ${articleId} is from the second data store and is read-only: only isRead can be changed.`,
  articleUpdateEmpty: 'The article update changes nothing: send at least one field.',
  unknownReference: (what: string, id: number) => `Unknown ${what} ${id}.`,
  sourceGroupNotInCategory: (groupId: number, categoryId: number) =>
    `Source sub-category ${groupId} is not in source category ${categoryId}.`,
  dataSourceNotFound: (host: string) => `No article source is registered for ${host}.`,
  contextTagLinkNotFound: (id: string) => `Context tag link ${id} not found.`,
  diseaseActivityNotFound: (diseaseActivityId: number) =>
    `Disease activity ${diseaseActivityId} not found.`,
  invalidDate: (name: string) => `${name} must be a date written YYYY-MM-DD.`,
  invalidId: (name: string) => `${name} must be a positive whole number.`,
  detailReportsChoice: "reports must be country (the country's entries only) or left out.",
  linkNothing: 'Send at least one report under cases, travellers, descriptions or inactivities.',
  reportNotFound: (reportId: number) => `Report ${reportId} not found.`,
  reportWrongType: (reportId: number, key: string) =>
    `Report ${reportId} is not one of the ${key} (wrong report type).`,
  reportNotCommitted: (reportId: number) =>
    `Report ${reportId} is not committed: link articles to a committed report only.`,
  autoSurveillanceReadOnly: (reportId: number) =>
    `Report ${reportId} is an auto-surveillance entry: its articles are read-only.`,
  // New-activity form and overview edit (spec 001 §5), word for word.
  daysNeededForUpdateMin: 'Number of days for update required must be greater than zero',
  daysNeededForUpdateMax: 'Cannot be more than 1 year from now',
  daysNeededForUpdateRequired: 'Number of days for update required is required',
  allowedDaysGapMin: 'Update frequency must be greater than zero',
  allowedDaysGapMax: 'Update frequency cannot be more than 1000 days',
  allowedDaysGapRequired: 'Update frequency is required',
  diseaseRequired: 'Disease is required',
  countryRequired: 'Country is required',
  speciesRequired: 'Species is required',
  riskModelRequired: 'Risk model is required',
  visibilityRequired: 'Visibility is required',
  reportingPeriodStartDateRequired: 'Reporting Period Start Date is required',
  reportingPeriodTypeRequired: 'Reporting Period Type is required',
  duplicateActivity: (disease: string, country: string, species: string) =>
    `"${disease} in ${country} in ${species}" already exists.`,
  // New activity (designed; the spec shows no wording).
  reportingPeriodStartDateRange: 'Reporting Period Start Date must be between 2000/01/01 and today',
  wholeNumber: (name: string) => `${name} must be a whole number.`,
  diseaseNotInSpecies: (disease: string, species: string) =>
    `${disease} does not affect ${species}: choose a disease of that species.`,
  humanRiskModelOnly: (riskModel: string) =>
    `${riskModel} is only for the human species: choose another risk model.`,
  notACountry: (locationId: number) => `Location ${locationId} is not a country.`,
  // Disease activity entries (spec 001 §5, §8). Where the spec names a rule without its words,
  // the wording is ours (docs/decisions/0044-entries-rules.md, Wording).
  cumulativeNotInteger: 'Cumulative must be an integer',
  cumulativeNegative: 'Cumulative Cases must be greater than zero',
  newCasesNotInteger: 'New Cases must be an integer',
  negativeNewCases: 'There are negative new cases.',
  spikeInCumulative: (figure: string, value: number, previous: number) =>
    `Abnormal spike in cumulative ${figure}: ${value} is at least 3 times the previous cumulative (${previous}).`,
  lowerCumulative: (figure: string, value: number, previous: number) =>
    `Cumulative ${figure} (${value}) is lower than the previous cumulative (${previous}).`,
  spikeInNewCases: (figure: string, value: number, previous: number) =>
    `Abnormal spike in new ${figure}: ${value} is at least 3 times the previous new cases (${previous}).`,
  dipInNewCases: (figure: string, value: number, previous: number) =>
    `Abnormal dip in new ${figure}: ${value} is below a third of the previous new cases (${previous}).`,
  onlyDeaths: 'Only deaths are reported in this entry.',
  daysGapExceeded: (days: number) =>
    `This update exceeds the expected update frequency of ${days} day(s). There may be historic data available.`,
  confirmedAndSuspectedAboveReported:
    'The number of confirmed and suspected cases cannot be greater than the number of reported cases.',
  deathsAboveReported: 'The number of deaths cannot be greater than the number of reported cases.',
  enterCaseData: 'Please enter at least one case data.',
  sourcedEntryUnchanged:
    'At least one cumulative figure of a sourced entry must differ from the previous entry.',
  reportedOnRequired: 'Reported on is a required field',
  propagationConfirm:
    'Are you sure you want to propagate the cases for this entry? This would impact your cumulative counts from the specified date.',
  propagationDateRequired: 'You must provide a date to propagate to using the calendar picker.',
  propagationBeforeLatest: 'Propagation date cannot be earlier than the latest reported on date.',
  propagationBeyondPeriod: 'You can not propagate beyond the reporting period.',
  propagationUnavailable: (date: string) =>
    `You can only propagate a single case data entry for historical dates (earlier than ${date}) for the current reporting period. Or, reported at least 1 day before the end of a prior reporting period.`,
  descriptionRequired: 'Description is a required field',
  importanceRequired: 'Importance is a required field',
  titleRequired: 'Title is a required field',
  titleTooLong: (max: number) => `Title cannot be more than ${max} characters`,
  importantNotice:
    'This situational update is categorized as important: users with relevant disease interests will be notified immediately.',
  criticalNotice:
    'This situational update is categorized as critical: all users will be notified immediately.',
  updateReasonRequired: 'Update reason is a required field',
  endDateRequired: 'End Date is a required field',
  endReportingPeriodNotice:
    'Ending the reporting period resets cumulative case data for the entire activity and closes the current reporting period.',
  newReportingPeriodNotice: (startDate: string) =>
    `A new reporting period will be created with ${startDate} as its start date.`,
  inactivityReasonRequired: 'Reason is a required field',
  travellerCasesRequired: 'Cases is a required field',
  travellerCasesNotInteger: 'Cases must be an integer',
  travellerCasesBelowOne: 'Cases must be greater than zero',
  arrivalBeforeDeparture:
    'Arrival back in the location must be later than the departure from the location',
  /** Ours: the spec's traveller origin is optional and says no more. */
  originIsTravellerLocation: 'The origin must be another location than the traveller entry’s own.',
  resolveAutoSurveillanceFirst:
    'Please resolve pending auto-surveillance data before adding a new location',
  processedNotAvailable: 'Processed data entries are not available for this location',
  locationNotInActivity:
    'This location does not exist in this disease activity. Please check that you are within the correct activity and only add the location if appropriate.',
  incorrectArticle:
    'Incorrect article: This article may not be directly related to the disease in this disease activity. Consider double checking that this is the right article before committing this entry.',
  pendingAutoSurveillanceBanner:
    'Uncommitted auto-surveillance case data: Manual entries for this disease activity have been disabled as there is pending auto-surveillance data which requires attention',
  followingProcessedRows: 'Following processed data entries will be created.',
  noProcessedRows: 'Validation successful. No processed rows will be created.',
  editDescriptionBlocked: 'Please save or commit your work before editing description',
  countryLevelOnly: (entryType: string) =>
    `${entryType} entries can only be added to the country, not to a place within it.`,
  periodAlreadyOpen: 'A reporting period is already open: end it before starting a new one.',
  noOpenPeriod: 'There is no open reporting period to end.',
  periodEntryTooEarly: (entryType: string, earliest: string) =>
    `${entryType} cannot be dated before ${earliest}.`,
  reportedOnInFuture: 'Reported on cannot be later than today.',
  entryNotAddableWithPending: (entryType: string, rule: 'period' | 'case' | 'single') =>
    `This ${entryType} entry cannot be added beside the other pending entries: ${
      rule === 'period'
        ? 'a reporting-period entry goes on its own, once everything else is committed.'
        : rule === 'case'
          ? 'commit the pending reporting-period entry first.'
          : `one ${entryType} entry per location at a time, and none beside a pending reporting-period entry.`
    }`,
  highWarningsNotAccepted:
    'This commit has high-impact warnings: confirm them (warningsAccepted) to commit.',
  reportCollectionNotFound: (id: number) =>
    `Report collection ${id} not found in this disease activity.`,
  reportCollectionCommitted: (id: number) =>
    `Report collection ${id} is committed: its entries can no longer be changed.`,
  notASavedEntry: (reportId: number, collectionId: number | null) =>
    collectionId === null
      ? `Report ${reportId} cannot be sent to a new collection: save it with its own collection.`
      : `Report ${reportId} is not a saved entry of report collection ${collectionId}.`,
  preconditionRequired:
    'This write needs an If-Match header with the version (ETag) of the disease activity you read.',
  commitNeedsActivityVersion:
    'A commit needs an If-Match header with the version (ETag) of the disease activity you read, not of the report collection: it writes Daily Totals from the whole activity.',
  staleVersion:
    'Another analyst changed this disease activity since you loaded it. Nothing was saved: review the current entries and try again.',
  invalidBoolean: (name: string) => `${name} must be true or false.`,
  autoSurveillanceCaseExists: (caseId: string) =>
    `Auto-surveillance case ${caseId} was already received for this disease activity.`,
  autoSurveillanceCaseRepeated: (caseId: string) =>
    `Auto-surveillance case ${caseId} appears more than once in this delivery.`,
  descriptionNotCommitted: (reportId: number) =>
    `Report ${reportId} is not a committed situational update: edit it with the other entries.`,
  // Associating a suggestion's articles (designed: spec 000 §2 column 8 shows no wording).
  noOpenSuggestion: 'This suggestion is no longer open: it has been handled or has no articles.',
  articleNotInSuggestion: (articleId: number) =>
    `Article ${articleId} does not support this suggestion.`,
  suggestionHasNoActivity: (label: string) =>
    `Create the activity '${label}' from this suggestion before associating its articles.`,
  activityHasNoLinkableEntry: (label: string) =>
    `'${label}' has no committed entry to link articles to yet: commit an entry, then associate.`,
} as const;
