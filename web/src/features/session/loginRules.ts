// The login rules (and zod with them) load at the first check of a field, not with the login page.
export {
  activationSchema,
  codeRequestSchema,
  loginSchema,
  passwordResetSchema,
  signUpSchema,
} from '@mouldwatch/shared';
