import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { ServerConfig } from '../config';
import { demoAnalysts, findDemoAnalyst } from './analysts';
import { errorPage, signInPage, withFormAction, type Page } from './pages';
import { clientOrigins, grantAll, oidcPath } from './provider';

function sendPageWith(reply: FastifyReply, status: number, page: Page) {
  return reply
    .code(status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/** Koa's mount convention, which oidc-provider reads to build its absolute URLs. */
type MountedRequest = IncomingMessage & { originalUrl?: string };

/**
 * Mounts the provider at /oidc: its own endpoints go to provider.callback() untouched (the
 * reply is hijacked and the body stream left for the provider to read), and the interaction
 * pages (sign-in) are ordinary Fastify routes beside them.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  config: ServerConfig,
): Promise<void> {
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'OpenID provider error'));
  const callback = provider.callback();
  const origins = clientOrigins(config);
  const sendPage = (reply: FastifyReply, status: number, page: Page) =>
    sendPageWith(reply, status, withFormAction(page, origins));

  await app.register(async (scope) => {
    // The provider parses its own bodies; a Fastify parser would consume the stream first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handler = async (request: { raw: MountedRequest }, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw;
      const url = raw.url ?? oidcPath;
      const rest = url.slice(oidcPath.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };
    scope.all(oidcPath, handler);
    scope.all(`${oidcPath}/*`, handler);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, new URLSearchParams(String(body))),
    );

    const expired = (reply: FastifyReply) =>
      sendPage(
        reply,
        400,
        errorPage(
          'This sign-in page has expired. Return to IST to sign in again.',
          config.publicUrl,
        ),
      );

    const details = async (raw: IncomingMessage, reply: FastifyReply, uid: string) => {
      try {
        const interaction = await provider.interactionDetails(raw, reply.raw);
        return interaction.uid === uid ? interaction : undefined;
      } catch (e) {
        if (e instanceof errors.SessionNotFound) return undefined;
        throw e;
      }
    };

    scope.get<{ Params: { uid: string } }>(
      `${oidcPath}/interaction/:uid`,
      async (request, reply) => {
        const { uid } = request.params;
        const interaction = await details(request.raw, reply, uid);
        if (interaction === undefined) return expired(reply);
        if (interaction.prompt.name === 'login') {
          return sendPage(
            reply,
            200,
            signInPage(`${oidcPath}/interaction/${uid}/login`, demoAnalysts),
          );
        }
        // Consent is implied for the first-party SPA (see loadExistingGrant); should the
        // provider still ask, grant what it asks for rather than show a consent screen.
        const accountId = interaction.session?.accountId;
        const clientId = interaction.params['client_id'];
        if (accountId === undefined || typeof clientId !== 'string') return expired(reply);
        const grant =
          (interaction.grantId === undefined
            ? undefined
            : await provider.Grant.find(interaction.grantId)) ??
          new provider.Grant({ accountId, clientId });
        grantAll(grant, config);
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(request.raw, reply.raw, {
          consent: { grantId },
        });
        return reply.redirect(returnTo, 303);
      },
    );

    scope.post<{ Params: { uid: string }; Body: URLSearchParams | undefined }>(
      `${oidcPath}/interaction/:uid/login`,
      async (request, reply) => {
        const { uid } = request.params;
        const interaction = await details(request.raw, reply, uid);
        if (interaction === undefined) return expired(reply);
        const analyst = findDemoAnalyst(request.body?.get('subject') ?? '');
        if (analyst === undefined || interaction.prompt.name !== 'login') {
          return sendPage(
            reply,
            400,
            signInPage(`${oidcPath}/interaction/${uid}/login`, demoAnalysts),
          );
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: analyst.subject } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
}
