/**
 * The route table of spec 000 §2 and spec 001 §2, and a matcher for it. Pure: no DOM, so the
 * router's rules are unit-tested in node.
 */

/** Every route pattern, by id. `:name` segments are parameters. */
export const routePatterns = {
  home: '/',
  activityIndex: '/activity',
  activityDetails: '/activity/:diseaseActivityIdParam/:countryIdParam',
  articleIndex: '/article',
  articleDetails: '/article/:articleIdParam',
  /** Feed sources and ingestion health (issue 8; not in the spec's route table). */
  feedSources: '/feeds',
  /** The analyst's disease interests, who gets which mail (issue 15; not in the spec's table). */
  settings: '/settings',
  /** The world map of disease activity (issue 19; not in the spec's table). */
  map: '/map',
  authentication: '/authentication/:action',
} as const;

/** A route id of the table. */
export type RouteId = keyof typeof routePatterns;

/** The parameter names of a pattern: '/a/:x/:y' → 'x' | 'y'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A matched route with its decoded parameters, or the not-found route. */
export type RouteMatch =
  | {
      [K in RouteId]: {
        readonly id: K;
        readonly params: Readonly<Record<ParamNames<(typeof routePatterns)[K]>, string>>;
      };
    }[RouteId]
  | { readonly id: 'notFound'; readonly params: Readonly<Record<never, string>> };

/** The default page: '/' redirects here (spec 000 §2, spec 001 §2). */
export const defaultPath = routePatterns.activityIndex;

/** Paths of the sign-in and sign-out handling (the ASP.NET Core SPA template's ApplicationPaths). */
export const authPaths = {
  prefix: '/authentication/',
  login: '/authentication/login',
  loginFailed: '/authentication/login-failed',
  loginCallback: '/authentication/login-callback',
  logout: '/authentication/logout',
  loggedOut: '/authentication/logged-out',
  logoutCallback: '/authentication/logout-callback',
} as const;

/** Builds a concrete path from a pattern and parameters (encoded). */
export function buildPath<K extends RouteId>(
  id: K,
  params: Readonly<Record<ParamNames<(typeof routePatterns)[K]>, string | number>>,
): string {
  const values: Readonly<Record<string, string | number>> = params;
  return routePatterns[id].replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment.length > 0);
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = splitPath(pattern);
  const have = splitPath(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const expected = want[i] ?? '';
    const actual = have[i] ?? '';
    if (expected.startsWith(':')) {
      const value = decodeSegment(actual);
      if (value === null || value.length === 0) return null;
      params[expected.slice(1)] = value;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/** Matches a pathname (a trailing slash is ignored) against the table; unknown paths → notFound. */
export function matchRoute(pathname: string): RouteMatch {
  for (const id of Object.keys(routePatterns) as RouteId[]) {
    const params = matchPattern(routePatterns[id], pathname);
    // The cast is safe: matchPattern filled exactly the pattern's parameter names.
    if (params) return { id, params } as RouteMatch;
  }
  return { id: 'notFound', params: {} };
}
