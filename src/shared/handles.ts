// The shapes a person's identifiers must have, in one place for the CLI and the HTTP schemas
// (docs/errors.md states them for users).

/** One `@`, no spaces, a dotted domain: what mail can be delivered to, without RFC 5322's exotica. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$';

/** A public network handle: letters and digits of any script, then also `-`, `_` and `.`; no spaces or slashes. */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}][\\p{L}\\p{N}_.-]*$';

export const isEmail = (value: string): boolean => new RegExp(EMAIL_PATTERN, 'u').test(value);
