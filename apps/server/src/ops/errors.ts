// The operator CLI's own error: refusals of the work itself are DomainErrors (domain/errors.ts).

/** The command line itself is wrong: unknown command, missing or malformed argument. Exit code 2. */
export class UsageError extends Error {}
