import { createHash, randomBytes } from 'node:crypto';
import { Schema } from 'effect';
import { defaultOidcScope } from '@domain/runtime-config';

/** The cookies of one user agent: name → value, set and cleared by Set-Cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header for a request (paths are ignored: one jar talks to one provider). */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Takes the Set-Cookie headers of a response. */
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=');
        return (
          (k.toLowerCase() === 'max-age' && Number(v) <= 0) ||
          (k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request with the jar's cookies, redirects not followed. */
export async function request(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header() };
  let body: string | undefined;
  if (init.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  jar.take(res);
  return res;
}

/** The redirect target of a 3xx response, resolved against the request URL. */
export function locationOf(res: Response, from: string): string {
  const location = res.headers.get('location');
  if (res.status < 300 || res.status >= 400 || location === null) {
    throw new Error(`expected a redirect from ${from}, got ${res.status}`);
  }
  return new URL(location, from).href;
}

const TokenResponse = Schema.Struct({
  access_token: Schema.String,
  id_token: Schema.String,
  refresh_token: Schema.optional(Schema.String),
  token_type: Schema.String,
  expires_in: Schema.Number,
  scope: Schema.optional(Schema.String),
});

/** Tokens from the code flow. */
export interface SignedIn {
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly idToken: string;
  /** The token response's scope (what oidc-client-ts sends back when refreshing). */
  readonly scope?: string;
}

/** Options of {@link signIn}; the defaults are what the IST SPA sends. */
export interface SignInOptions {
  readonly clientId?: string;
  readonly scope?: string;
  /** The user agent's cookies; pass one to keep the provider session (e.g. to sign out). */
  readonly jar?: CookieJar;
}

const base64url = (b: Buffer) => b.toString('base64url');

/**
 * Signs `subject` in at the embedded provider of the server at `baseUrl` through the real
 * authorization code + PKCE flow over HTTP, as a browser would: authorization request, the
 * sign-in page's form, the provider's redirect back with a code, and the token request.
 */
export async function signIn(
  baseUrl: string,
  subject: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  const jar = options.jar ?? new CookieJar();
  const clientId = options.clientId ?? 'ist-web';
  const redirectUri = `${baseUrl}/authentication/login-callback`;
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const authorize = new URL(`${baseUrl}/oidc/auth`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: options.scope ?? defaultOidcScope,
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();

  let url = locationOf(await request(jar, authorize.href), authorize.href);
  // The sign-in page, unless the jar already holds a provider session.
  if (!url.startsWith(redirectUri)) {
    const page = await request(jar, url);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (page.status !== 200 || action === undefined || !html.includes(`value="${subject}"`)) {
      throw new Error(`no sign-in form for ${subject} at ${url} (${page.status})`);
    }
    const login = new URL(action.replaceAll('&amp;', '&'), url).href;
    url = locationOf(await request(jar, login, { form: { subject } }), login);
    for (let hops = 0; !url.startsWith(redirectUri); hops += 1) {
      if (hops === 5) throw new Error(`sign-in of ${subject} did not come back to ${redirectUri}`);
      url = locationOf(await request(jar, url), url);
    }
  }

  const callback = new URL(url).searchParams;
  const code = callback.get('code');
  if (code === null || callback.get('state') !== state) {
    throw new Error(
      `sign-in failed: ${callback.get('error') ?? 'no code'} ${callback.get('error_description') ?? ''}`,
    );
  }
  const token = await request(jar, `${baseUrl}/oidc/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    },
  });
  if (token.status !== 200)
    throw new Error(`token request failed: ${token.status} ${await token.text()}`);
  const t = Schema.decodeUnknownSync(TokenResponse)(await token.json());
  return {
    accessToken: t.access_token,
    idToken: t.id_token,
    ...(t.refresh_token === undefined ? {} : { refreshToken: t.refresh_token }),
    ...(t.scope === undefined ? {} : { scope: t.scope }),
  };
}

/** Tokens from a refresh: no ID token when the refresh asked for no `openid` scope. */
export interface Refreshed {
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly idToken?: string;
  readonly scope?: string;
}

const RefreshResponse = Schema.Struct({
  ...TokenResponse.fields,
  id_token: Schema.optional(Schema.String),
});

/**
 * Exchanges a refresh token at the embedded provider (refresh_token grant), sending `scope`
 * when given, as oidc-client-ts does with the scope of its last token response.
 */
export async function refresh(
  baseUrl: string,
  refreshToken: string,
  options: { readonly clientId?: string; readonly scope?: string } = {},
): Promise<Refreshed> {
  const form: Record<string, string> = {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: options.clientId ?? 'ist-web',
  };
  if (options.scope !== undefined) form['scope'] = options.scope;
  const res = await request(new CookieJar(), `${baseUrl}/oidc/token`, { form });
  if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${await res.text()}`);
  const t = Schema.decodeUnknownSync(RefreshResponse)(await res.json());
  return {
    accessToken: t.access_token,
    ...(t.id_token === undefined ? {} : { idToken: t.id_token }),
    ...(t.refresh_token === undefined ? {} : { refreshToken: t.refresh_token }),
    ...(t.scope === undefined ? {} : { scope: t.scope }),
  };
}
