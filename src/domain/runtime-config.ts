import { Schema } from 'effect';

/**
 * The runtime configuration served at /config.json (spec 000 §7 "configuration supplies"),
 * plus the OpenID client id and scope the browser needs to start the code flow. Unlike the
 * spec's list it carries no search API key: the file is public, the key would open every
 * article to anyone (docs/decisions/0005-no-public-search-key.md); see SearchSettings.
 */
export const RuntimeConfig = Schema.Struct({
  articleSearchUrl: Schema.String,
  locationSearchUrl: Schema.String,
  feedsIndexUrl: Schema.String,
  typesIndexUrl: Schema.String,
  apiUrl: Schema.String,
  applicationName: Schema.String,
  authBaseUrl: Schema.String,
  oidcMetadataUrl: Schema.String,
  oidcClientId: Schema.String,
  oidcScope: Schema.String,
  monitoringToken: Schema.String,
  environment: Schema.String,
  version: Schema.String,
  buildNumber: Schema.String,
  testEmailRecipients: Schema.Array(Schema.String),
  /** The embedded provider's demo sign-in runs (no password): the header says so (issue 16). */
  demoSignIn: Schema.optional(Schema.Boolean),
});
export type RuntimeConfig = typeof RuntimeConfig.Type;

/** Decodes an unknown value (the /config.json body) or throws a ParseError. */
export const decodeRuntimeConfig = Schema.decodeUnknownSync(RuntimeConfig);

/** Scopes of spec 000 §7: openid, profile, the tool API scope, the account API scope, offline_access. */
export const ApiScope = 'ist.api';
export const AccountApiScope = 'account.api';
export const defaultOidcScope = `openid profile ${ApiScope} ${AccountApiScope} offline_access`;

/** Short product tag used in the browser title ('IST - {ENV}'). */
export const productTag = 'IST';
export const browserTitle = (environment: string) => `${productTag} - ${environment.toUpperCase()}`;
