// Who may use the console and as what (docs/product.md §14, decision 019). The role is read from the database
// on every console request, so adding, changing or removing an operator takes effect at once.
import { OPERATOR_ROLES } from '@quackquest/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/** The roles, in the contract with the console's screens (one list). */
export const ROLES = OPERATOR_ROLES;
export type Role = (typeof ROLES)[number];

/**
 * The role of the lower-case address in column `email`, as SQL: the active campaign's operator.emails
 * (campaigns.info.operatorEmails) are admins even without a row in `operators`; otherwise the row's role.
 */
export const roleOfEmailSql = (email: SQL) => sql`
  case when exists (
      select 1 from campaigns c, jsonb_array_elements_text(coalesce(c.info -> 'operatorEmails', '[]'::jsonb)) e
      where c.active and lower(e) = ${email}
    ) then 'admin'
    else (select o.role from operators o where o.email = ${email})
  end`;

/** The address's role, or undefined for anyone else (a visitor, a stranger). */
export async function roleOf(db: DbOrTx, email: string): Promise<Role | undefined> {
  const normalized = normalizeEmail(email);
  const [row] = await queryRows<{ role: Role | null }>(db, sql`select ${roleOfEmailSql(sql`${normalized}`)} as role`);
  return row?.role ?? undefined;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The campaign's operator.emails, lower-case: admins whom only a new campaign pack can remove. */
export async function campaignAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select distinct lower(e) as email
        from campaigns c, jsonb_array_elements_text(coalesce(c.info -> 'operatorEmails', '[]'::jsonb)) e
        where c.active`,
  );
  return rows.map((row) => row.email);
}
