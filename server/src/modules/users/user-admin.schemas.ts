import { z } from 'zod';
import { passwordRule, userFormSchema } from '@mouldwatch/shared';
import { encodedPassword } from '../auth/auth.schemas.js';

export const userParams = z.object({ id: z.coerce.number().int().positive() });

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  lang: z.string().optional(),
});

export const userSearchQuery = userListQuery.extend({ name: z.string().max(64).optional() });

/** The admin form with its password as sent: base64 (spec §5 "Passwords are encoded before sending"). */
export const userCreateBody = z.object({ ...userFormSchema.shape, password: encodedPassword(passwordRule) });

/** Every field optional; an empty password leaves it unchanged; `is_active` enables or disables. */
export const userUpdateBody = z.object({
  ...z.object(userFormSchema.shape).partial().shape,
  password: z.union([z.literal(''), encodedPassword(passwordRule)]).optional(),
  is_active: z.boolean().optional(),
});
