// Errors the operator CLI reports as a message, without a stack: the operator can act on them.

/** The command ran but was refused: unknown user, voucher already redeemed, decision already made... */
export class OpsError extends Error {}

/** The command line itself is wrong: unknown command, missing or malformed argument. Exit code 2. */
export class UsageError extends Error {}
