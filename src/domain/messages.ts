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
} as const;
