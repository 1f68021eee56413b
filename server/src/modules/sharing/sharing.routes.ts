import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, passwordRule, shareDistributionSchema, shareFormSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { encodedPassword } from '../auth/auth.schemas.js';
import { CHANGE_BODY, TREE_ANSWER, chosenMoulds, treeQuery } from '../mold-permission/mold-permission.routes.js';
import type { SharingService } from './sharing.service.js';

const tags = ['sharing'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().optional(),
});
/** What the public share-link calls answer besides 200 (no session needed). */
const shareLinkAnswers =
  '400 for a token that is not a link (43 URL-safe characters), 410 for an expired link, 422 for a used one ' +
  'or a disabled account.';
const share = { menu: MenuId.shareUser, action: 'ShareUser' } as const;
const shares = (action: 'view' | 'delete') => ({ menu: MenuId.share, action });

export interface SharingRoutesOptions {
  sharing: SharingService;
  /** The signed-in user's info, answered with the token (as the login's answer). */
  userInfo: (userId: number) => Promise<unknown>;
}

/** Mould sharing (spec §7 "Share", route 29 and its Share action on item 33) and the public share link. */
export async function sharingRoutes(app: FastifyInstance, { sharing, userInfo }: SharingRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/share/roles/',
    {
      config: { permission: share },
      schema: { tags, summary: "The organisation's viewer roles: the ones the share dialog offers" },
    },
    async (request) => envelope(request, await sharing.viewerRoles(principalOf(request))),
  );

  routes.get(
    '/api/yudata/share_user_info/',
    {
      config: { permission: share },
      schema: {
        tags,
        summary:
          "The caller's existing share with the account of this e-mail (its moldIds), else null; nothing about other accounts",
        querystring: z.object({ email: z.string().trim().min(1).max(254), lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await sharing.info(principalOf(request), request.query.email)),
  );

  routes.get(
    '/api/yudata/share/mold_tree/',
    {
      config: { permission: share },
      schema: {
        tags,
        summary:
          "The caller's moulds as the share dialog's tree; with user_id (a recipient of the caller's) mode add checks and " +
          'fixes what they hold, mode edit checks what the caller shares with them',
        description: `The same parts as GET /api/yudata/mold_permission/. ${TREE_ANSWER}`,
        querystring: treeQuery.extend({ mode: z.enum(['add', 'edit']).default('add') }),
      },
    },
    async (request) => {
      const { user_id: userId, parent, search, mode } = request.query;
      const { nodes, more } = await sharing.tree(principalOf(request), { userId, parent, search }, mode);
      return envelope(request, nodes, more === undefined ? {} : { more });
    },
  );

  routes.post(
    '/api/yudata/share_user/',
    {
      config: { permission: share },
      schema: {
        tags,
        summary:
          'Share moulds with an e-mail address (an existing account, else a new one of the organisation with the viewer role); ' +
          'answers the share link (`address`) and queues the invitation',
        description:
          'Body: `email` (trimmed, at most 254 characters, any case: one account per address), `role` (a viewer role ' +
          "of the caller's organisation, used when the share makes the account), `moldIds` (ids as an array or the " +
          "comma-separated text, moulds the caller holds directly) or `change` (the tree's checks: the moulds it " +
          'checks, as PUT /api/yudata/mold_distribution/{id}/ reads it). Answers {address, id, email, granted, mailed}; ' +
          'a later share to the same address replaces its unused link. 400 naming the field (20338: no mould), 409 ' +
          'when the address holds every mould already, 422 for a mould shared to the caller.',
        body: shareFormSchema,
      },
    },
    async (request) => {
      const { email, role } = request.body;
      const created = await sharing.share(principalOf(request), request.language, {
        email,
        role,
        moulds: chosenMoulds(request.body),
      });
      return envelope(request, created, { messageKey: '20288' });
    },
  );

  routes.put(
    '/api/yudata/share/mold_distribution/:id/',
    {
      config: { permission: share },
      schema: {
        tags,
        summary: 'The moulds the caller shares with recipient {id} become exactly moldIds, or change as the tree says',
        description: CHANGE_BODY,
        params: idParams,
        body: shareDistributionSchema,
      },
    },
    async (request) => {
      const outcome = await sharing.distribute(principalOf(request), request.params.id, chosenMoulds(request.body));
      return envelope(request, outcome, { messageKey: 'modified' });
    },
  );

  routes.get(
    '/api/yudata/share/',
    {
      config: { permission: shares('view') },
      schema: {
        tags,
        summary:
          'The shares the caller made (recipient, role, moulds, dates), newest change first; search in e-mail, user name or name',
        querystring: pageQuery.extend({ search: z.string().max(100).default('') }),
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { items, total } = await sharing.made(principalOf(request), page, limit, search.trim());
      return envelope(request, items, { total });
    },
  );

  routes.delete(
    '/api/yudata/share/:id/',
    {
      config: { permission: shares('delete') },
      schema: { tags, summary: 'Revoke the share with recipient {id}: their grants go at once', params: idParams },
    },
    async (request) =>
      envelope(request, await sharing.revoke(principalOf(request), request.params.id), { messageKey: 'shareRevoked' }),
  );

  routes.get(
    '/api/yudata/share/received/',
    {
      config: { permission: shares('view') },
      schema: {
        tags,
        summary:
          'The shares made to the caller (from whom, moulds, dates), newest change first; search in the sharer’s e-mail, user name or name',
        querystring: pageQuery.extend({ search: z.string().max(100).default('') }),
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { items, total } = await sharing.received(principalOf(request), page, limit, search.trim());
      return envelope(request, items, { total });
    },
  );

  routes.delete(
    '/api/yudata/share/received/:id/',
    {
      config: { permission: shares('view') },
      schema: { tags, summary: 'Decline what sharer {id} shared with the caller', params: idParams },
    },
    async (request) =>
      envelope(request, await sharing.decline(principalOf(request), request.params.id), {
        messageKey: 'shareDeclined',
      }),
  );

  routes.get(
    '/api/share_link/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What a share link opens (account, sharer, whether a password must be set), without using it',
        description: shareLinkAnswers,
        security: [],
        querystring: z.object({ token: z.string().max(200), lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await sharing.linkInfo(request.query.token)),
  );

  routes.post(
    '/api/share_link/',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Open a share link: a new account's first password, or the account's own (throttled as a login); answers the token",
        description: `\`password\` is base64 of the text, as the login sends it. ${shareLinkAnswers} Answers {access, user} as the login does.`,
        security: [],
        body: z.object({ token: z.string().max(200), password: encodedPassword(passwordRule) }),
      },
    },
    async (request) => {
      const { token, userId } = await sharing.openLink(request.body.token, request.body.password, request.ip);
      return envelope(request, { access: token, user: await userInfo(userId) }, { messageKey: 'loggedIn' });
    },
  );
}
