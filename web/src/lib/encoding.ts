/** Passwords travel base64-encoded (UTF-8, then base64), as docs/api.md says. Not a security measure. */
export function encodePassword(password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(password)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
