import { messages } from '@/domain/messages';

/**
 * The return-URL rules of spec 000 §2, as the ASP.NET Core SPA template's `getReturnUrl`:
 * a `returnUrl` query parameter must share the current origin; the state saved before a
 * redirect wins over the query; otherwise the default destination.
 */

/** Thrown when a returnUrl points to another origin. Its message is the spec's, word for word. */
export class InvalidReturnUrlError extends Error {
  constructor() {
    super(messages.invalidReturnUrl);
    this.name = 'InvalidReturnUrlError';
  }
}

/** True when `url` is an absolute URL on `origin` (or `origin` itself). */
export function isSameOrigin(url: string, origin: string): boolean {
  return url === origin || url.startsWith(`${origin}/`);
}

/** Reads the returnUrl saved in a sign-in or sign-out state object, if any. */
export function returnUrlFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnUrl' in state)) return null;
  const value: unknown = state.returnUrl;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * Resolves where to go after a sign-in or sign-out step.
 * @param search the current `location.search` (its `returnUrl` must be same-origin)
 * @param origin the current `location.origin`
 * @param fallbackPath the default destination path ('/' after sign-in, the logged-out page after sign-out)
 * @param state the state saved before the redirect, which wins when it holds a same-origin returnUrl
 * @throws InvalidReturnUrlError
 */
export function resolveReturnUrl(
  search: string,
  origin: string,
  fallbackPath: string,
  state?: unknown,
): string {
  const fromQuery = new URLSearchParams(search).get('returnUrl');
  if (fromQuery && !isSameOrigin(fromQuery, origin)) throw new InvalidReturnUrlError();
  const fromState = returnUrlFromState(state);
  if (fromState && !isSameOrigin(fromState, origin)) throw new InvalidReturnUrlError();
  return fromState ?? fromQuery ?? `${origin}${fallbackPath}`;
}

/** Turns a same-origin absolute URL into the path (+query, +hash) the router navigates to. */
export function toAppPath(url: string, origin: string): string {
  if (!isSameOrigin(url, origin)) throw new InvalidReturnUrlError();
  const path = url.slice(origin.length);
  return path.length === 0 ? '/' : path;
}

/** The login path with the page to come back to, e.g. `/authentication/login?returnUrl=…`. */
export function loginPathFor(loginPath: string, returnUrl: string): string {
  return `${loginPath}?${new URLSearchParams({ returnUrl }).toString()}`;
}
