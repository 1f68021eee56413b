import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_CATE_ID,
  MOLD_TREE_SEARCH_LIMIT,
  MOLD_TREE_SEARCH_MAX,
  MOLD_TREE_WHOLE_UP_TO,
  MenuId,
  moldDistributionSchema,
  shareMoldIds,
  type MoldTreeChange,
} from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldDistributionService } from './mold-distribution.service.js';

const tags = ['users'];

/**
 * The query of both tree calls (users page and share dialog): which part of the tree. Without
 * parent or search, the first answer.
 */
export const treeQuery = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  parent: z.string().regex(GROUP_CATE_ID, 'a group node: g{id}').optional(),
  search: z.string().trim().max(MOLD_TREE_SEARCH_MAX).optional(),
  lang: z.string().optional(),
});

/** What both tree calls answer, for their summaries. */
export const TREE_ANSWER =
  `Without parent or search, the first answer: up to ${MOLD_TREE_WHOLE_UP_TO} moulds the whole tree, else the companies ` +
  'and their groups, each with mold_count, checked_count, disabled_count and disabled_checked_count, the groups ' +
  `without children; parent=g{id} answers that group's moulds (g0: those without a group); search answers at most ` +
  `${MOLD_TREE_SEARCH_LIMIT} moulds whose name or number, or whose group's or company's name, contains the text, ` +
  'as a tree (more: true when there were more).';

/** moldIds (exactly these) or change (the tree's checks), as the services take them. */
export const chosenMoulds = (body: {
  moldIds?: string | number[] | undefined;
  change?: MoldTreeChange | undefined;
}): { moldIds: number[] } | { change: MoldTreeChange } =>
  body.change ? { change: body.change } : { moldIds: shareMoldIds(body.moldIds ?? []) };

/** The body of both distribution calls, for their descriptions. */
export const CHANGE_BODY =
  'Body: moldIds (exactly these, a list or comma-separated) or change: {check, uncheck}, each ' +
  '{companyIds, groupIds, moldIds} (group 0: the moulds without a group). A mould follows the most specific ' +
  'node named (the mould, else its group, else its company); moulds no node names keep what they had; moulds ' +
  "the caller may not hand out stay. 400 naming moldIds for a mould not the caller's to hand out, naming " +
  'groupIds or companyIds for one not of the organisation.';

/** The mould permission tree and distribution (spec §7 "Moulds"), part of user administration (menu 31). */
export async function moldPermissionRoutes(
  app: FastifyInstance,
  { distribution }: { distribution: MoldDistributionService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/mold_permission/',
    {
      config: { permission: { menu: MenuId.user, action: 'view' } },
      schema: {
        tags,
        summary:
          "The caller's moulds as a company → group → mould tree (cateId c{id}, g{id}, m{id}; g0 holds moulds " +
          'without a group); with user_id, `checked` marks what that user holds',
        description: TREE_ANSWER,
        querystring: treeQuery,
      },
    },
    async (request) => {
      const { user_id: userId, parent, search } = request.query;
      const { nodes, more } = await distribution.tree(principalOf(request), { userId, parent, search });
      return envelope(request, nodes, more === undefined ? {} : { more });
    },
  );

  routes.put(
    '/api/yudata/mold_distribution/:id/',
    {
      config: { permission: { menu: MenuId.user, action: 'edit' } },
      schema: {
        tags,
        summary:
          "Set the user's own grants, among the moulds the caller may distribute, to exactly moldIds, or change " +
          'them as the tree says; moulds shared to the user stay. Answers the granted and revoked ids',
        description: CHANGE_BODY,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: moldDistributionSchema,
      },
    },
    async (request) => {
      const outcome = await distribution.distribute(
        principalOf(request),
        request.params.id,
        chosenMoulds(request.body),
      );
      return envelope(request, outcome, { messageKey: 'modified' });
    },
  );
}
