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
} as const;
