/** The one IST database schema; drizzle-kit generates server/db/migrations from this module. */
export * from './lookups';
export * from './users';
export * from './locations';
export * from './articles';
export * from './activities';
export * from './reports';
export * from './suggestions';
export * from './audit';
export * from './oidc';
export * from './search';
export * from './activity-summaries';
export * from './feeds';
export * from './outbox';
export * from './assessments';
export * from './search-changes';
export * from './search-sources';
export * from './search-push';
