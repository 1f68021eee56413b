import * as z from 'zod/mini';
import { alertChannelsSchema, type AlertChannels } from '../alerts/alert-delivery.js';
import { FREQUENCY_PERIODS, NOTICE_FREQUENCIES, accountRule, emailRule, personNameRule, phoneRule } from './rules.js';

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const THERMOCOUPLE_TYPES = ['J', 'K'] as const;
export type ThermocoupleType = (typeof THERMOCOUPLE_TYPES)[number];

/** What `GET /api/yudata/user/user_info/` answers. */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: 'male' | 'female' | 'unknown';
  role: string;
  roleId: number;
  subscribe: 0 | 1;
  frequency: (typeof NOTICE_FREQUENCIES)[number];
  frequencyPeriod: (typeof FREQUENCY_PERIODS)[number];
  timeZone: string;
  utcOffset: number;
  unit: TemperatureUnit;
  jkType: ThermocoupleType;
  language: string;
  /** Per channel, the alarm types (1–5) whose alerts the user gets by e-mail / SMS. */
  alertChannels: AlertChannels;
}

/**
 * The personal info form and `PUT /api/yudata/user/user_info/`. The username travels with it but
 * is read-only; roleId, role, avatar and gender are not part of it (the server ignores them).
 */
export const profileSchema = z.object({
  username: accountRule,
  name: personNameRule,
  email: emailRule,
  mobile: phoneRule,
  subscribe: z.union([z.literal(0), z.literal(1)]),
  frequency: z.union(
    NOTICE_FREQUENCIES.map((value) => z.literal(value)),
    { message: 'frequencyChoice' },
  ),
  frequencyPeriod: z.enum(FREQUENCY_PERIODS, { message: 'frequencyChoice' }),
});
export type ProfileForm = z.infer<typeof profileSchema>;

/** Display preferences the header changes; saved to the profile so they follow the user. */
export const preferencesSchema = z.partial(
  z.object({
    timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
    utcOffset: z.number().check(z.gte(-12), z.lte(14)),
    unit: z.enum(TEMPERATURE_UNITS),
    jkType: z.enum(THERMOCOUPLE_TYPES),
    language: z.string().check(z.maxLength(8)),
  }),
);

/** Body of `PUT /api/yudata/user/user_info/`: any of the profile fields and preferences. */
export const userInfoUpdateSchema = z.extend(z.partial(z.omit(profileSchema, { username: true })), {
  ...preferencesSchema.shape,
  alertChannels: z.optional(alertChannelsSchema),
});
export type UserInfoUpdate = z.infer<typeof userInfoUpdateSchema>;
