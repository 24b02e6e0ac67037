// The sentences for a field that failed its check (issue-messages.ts), by code: the field goes on the wire by
// its name (`email`, `phone`...), so the web app words it in the visitor's language (decision 048).

/** A field's name on the wire, by its name in a payload (docs/product.md §2.3 and §10). */
export const FIELD_NAMES: Record<string, string> = {
  email: 'email',
  userName: 'fullName',
  fullName: 'fullName',
  PhoneNumber: 'phone',
  phone: 'phone',
  InstagramHandle: 'instagram',
  instagram: 'instagram',
  code: 'code',
  token: 'token',
  idToken: 'idToken',
};

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  fullName: 'Full name',
  phone: 'Phone number',
  instagram: 'Instagram handle',
  code: 'The code',
  token: 'The sign-in link',
  idToken: 'The sign-in proof',
};

/** The visitor's name for a field; a field without one is named as it is sent. */
function label(field: string): string {
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field]! : `The field "${field}"`;
}

export const fieldMessages = {
  fieldRequired: ({ field }: { field: string }) => `${label(field)} is required.`,
  fieldTooLong: ({ field, max }: { field: string; max: number }) => `${label(field)} must be at most ${max} characters.`,
  fieldTooShort: ({ field, min }: { field: string; min: number }) => `${label(field)} must be at least ${min} characters.`,
  fieldTooMany: ({ field }: { field: string }) => `${label(field)} has too many items.`,
  fieldInvalid: ({ field }: { field: string }) => `${label(field)} is not valid.`,
} as const;
