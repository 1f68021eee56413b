import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../infra/http/envelope.js';
import {
  activationBody,
  addressOf,
  changePasswordBody,
  sendEmailQuery,
  sendSmsQuery,
  signUpBody,
} from './accounts.schemas.js';
import type { AccountsService } from './accounts.service.js';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  /** The signed-in user's info, answered with the token. */
  userInfo: (userId: number) => Promise<unknown>;
}

const SAME_ANSWER =
  'Answers the same, no sooner than 300 ms, whether an account uses the address or not. Throttled per client address, per e-mail address or phone and per account (docs/decisions.md "Verification codes"): a 429 says how long to wait.';

export async function accountsRoutes(
  app: FastifyInstance,
  { accounts, userInfo }: AccountsRoutesOptions,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicCall = { public: true };

  routes.get(
    '/api/signup/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: 'What the login page may offer: whether sign-up is open, and which channels send codes',
      },
    },
    async (request) => envelope(request, accounts.offers()),
  );

  routes.post(
    '/api/signup/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: 'Sign up: a new organisation with the account as its administrator, inactive until activated',
        description: `403 when SIGNUP=closed. The 6-digit code goes by e-mail; a taken account name or address gets a mail saying so instead. ${SAME_ANSWER}`,
        body: signUpBody,
      },
    },
    async (request) => {
      await accounts.signUp(request.body, request.ip, request.language);
      return envelope(request, null, { messageKey: 'signUpCodeSent' });
    },
  );

  routes.get(
    '/api/send_sms/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: 'Sends a 6-digit code by SMS: to reset the password (purpose=reset) or activate the account',
        description: SAME_ANSWER,
        querystring: sendSmsQuery,
      },
    },
    async (request) => {
      const { mobile, purpose } = request.query;
      await accounts.sendCode({ channel: 'sms', to: mobile }, purpose, request.ip, request.language);
      return envelope(request, null, { messageKey: 'codeSent' });
    },
  );

  routes.get(
    '/api/send_email/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: "send_sms's e-mail twin: a 6-digit code by e-mail, to reset the password or activate the account",
        description: SAME_ANSWER,
        querystring: sendEmailQuery,
      },
    },
    async (request) => {
      const { email, purpose } = request.query;
      await accounts.sendCode({ channel: 'email', to: email.toLowerCase() }, purpose, request.ip, request.language);
      return envelope(request, null, { messageKey: 'codeSent' });
    },
  );

  routes.post(
    '/api/activationAccount/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: 'Activates a signed-up account with its code (by the address it went to); answers the access token',
        description:
          'A code works once, for 10 minutes, and dies at the fifth wrong try: 422 codeInvalid for any code that does not work.',
        body: activationBody,
      },
    },
    async (request) => {
      const { userId, token } = await accounts.activate(addressOf(request.body), request.body.code);
      return envelope(request, { access: token, user: await userInfo(userId) }, { messageKey: 'accountActivated' });
    },
  );

  routes.post(
    '/api/change_password/',
    {
      config: publicCall,
      schema: {
        tags: ['session'],
        summary: 'Forgot password: sets a new one with the code; every session of the account ends',
        description:
          "The code from send_sms or send_email (purpose=reset); 422 codeInvalid for any code that does not work. The account's e-mail address is told of the change.",
        body: changePasswordBody,
      },
    },
    async (request) => {
      const { code, password } = request.body;
      await accounts.resetPassword(addressOf(request.body), code, password, request.language);
      return envelope(request, null, { messageKey: 'passwordReset' });
    },
  );
}
