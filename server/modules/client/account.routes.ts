/**
 * A shopper's own account (issue 19, item 13; account.service.ts):
 *   POST   /api/client/sign-up         a new account; its address gets the confirmation link   → 202, the same for every address
 *   POST   /api/client/sign-in-link    "forgot password": a one-time link to the address's account → 202, the same for every address
 *   POST   /api/client/password-reset  a mailed link's token + a new password → session cookie + client
 *   GET    /api/client/account         the signed-in client's orders, reservations, passes (with renewal) and gift cards
 *   GET    /api/client/export          every personal record of the signed-in client, as a JSON download
 *   DELETE /api/client                 the password again → the account is erased, its orders kept anonymised
 * Every answer here is about one person: never cached by anyone but that browser.
 */
import {
  accountDeleteRequestSchema,
  accountExportSchema,
  accountSchema,
  clientResponseSchema,
  mailSentSchema,
  passwordResetRequestSchema,
  signInLinkRequestSchema,
  signUpRequestSchema,
} from '#domain/contracts/client.schema.ts';
import { AppError } from '../../errors.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { access } from '../../openapi/api-description.ts';
import { sessionCookieOptions, setSessionCookie } from './session-cookie.ts';
import { SESSION_COOKIE } from './session-token.ts';

const loginRequired = () => new AppError('LOGIN_REQUIRED', 401, 'Please sign in first');

export const accountRoutes: ZodRoutes = async (app) => {
  const { accounts, sessions } = app.services;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/client/sign-up',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Make an account: it works once the link mailed to the address is followed; the answer is the same for every address',
        tags: ['client'],
        security: access.public,
        body: signUpRequestSchema,
        response: { 202: mailSentSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { email, password, first_name: firstName, last_name: lastName } = request.body;
      await accounts.signUp({ email, password, firstName, lastName, language: request.requestedLanguage, ip: request.ip });
      return reply.code(202).send({ status: 'MAIL_SENT' as const });
    },
  );

  app.post(
    '/client/sign-in-link',
    {
      schema: {
        operationId: 'requestSignInLink',
        summary: 'Forgot password: mail a one-time link to choose a new one to the address, if it has an account; the answer is the same for every address',
        tags: ['client'],
        security: access.public,
        body: signInLinkRequestSchema,
        response: { 202: mailSentSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const mailLink = await accounts.requestSignInLink({ email: request.body.email, language: request.requestedLanguage, ip: request.ip });
      // Answered before the account is even looked up: an address with an account takes no longer than one without.
      reply.code(202).send({ status: 'MAIL_SENT' as const });
      await mailLink().catch((error: unknown) => request.log.error({ err: error }, 'mailing a reset link failed'));
      return reply;
    },
  );

  app.post(
    '/client/password-reset',
    {
      schema: {
        operationId: 'resetPassword',
        summary: "A mailed link's one-time token and a new password: sets the password, ends other sessions, sets the session cookie",
        tags: ['client'],
        security: access.public,
        body: passwordResetRequestSchema,
        response: { 200: clientResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const session = await accounts.resetPassword(request.body);
      setSessionCookie(reply, session, app.config);
      return sessions.getClient(session.clientId, request.requestedLanguage);
    },
  );

  app.get(
    '/client/account',
    {
      schema: {
        operationId: 'getAccount',
        summary: "The signed-in client's orders, reservations, passes (with their renewal) and gift cards (with their balance)",
        tags: ['client'],
        security: access.session,
        response: { 200: accountSchema, ...refusalResponses },
      },
    },
    async (request) => {
      if (request.clientId === null) throw loginRequired();
      return accounts.account(request.clientId, request.requestedLanguage);
    },
  );

  app.get(
    '/client/export',
    {
      schema: {
        operationId: 'exportAccount',
        summary: 'Every personal record of the signed-in client, as a JSON download',
        tags: ['client'],
        security: access.session,
        response: { 200: accountExportSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      if (request.clientId === null) throw loginRequired();
      const data = await accounts.exportData(request.clientId, request.requestedLanguage);
      if (!data) throw loginRequired();
      reply.header('content-disposition', 'attachment; filename="my-account.json"');
      return data;
    },
  );

  app.delete(
    '/client',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: "Erase the signed-in client's account (password asked again); its orders stay, anonymised, for the accounting",
        tags: ['client'],
        security: access.session,
        body: accountDeleteRequestSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      if (request.clientId === null) throw loginRequired();
      await accounts.erase(request.clientId, { password: request.body.password, ip: request.ip });
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app.config));
      return { ok: true } as const;
    },
  );
};
