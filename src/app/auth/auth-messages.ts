/**
 * Progress texts of the sign-in pages (the SPA template's wording). The spec's own messages
 * (errors) are in src/domain/messages.ts.
 */
export const authProgress = {
  login: 'Processing login…',
  loginCallback: 'Processing login callback…',
  logout: 'Processing logout…',
  logoutCallback: 'Processing logout callback…',
  loggedOut: 'You successfully logged out!',
  logoutNotLocal: 'The logout was not initiated from within the page.',
} as const;
