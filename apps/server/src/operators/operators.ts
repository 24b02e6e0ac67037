// Adding, changing and removing operators (docs/product.md §14, decision 019), from the console and the CLI
// alike. Each change is audited in its own transaction; the admins are counted under a lock, so two admins
// removing each other at once cannot leave the console without one.
import { asc, eq, sql } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from '../audit/audit';
import type { DbOrTx } from '../db/client';
import { consoleSessions, operators } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { ROLES, type Role, campaignAdmins, normalizeEmail } from './roles';

export interface Operator {
  email: string;
  role: Role;
  /** 'campaign' for the campaign pack's operator.emails, else who added it. */
  addedBy: string;
  createdAt: Date | null;
}

/** Serialises changes of operators: an arbitrary constant key for pg_advisory_xact_lock. */
const OPERATORS_LOCK = 0x6f7073;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The campaign's admins first, then every operator by address. */
export async function listOperators(db: DbOrTx): Promise<Operator[]> {
  const fromCampaign = await campaignAdmins(db);
  const rows = await db.select().from(operators).orderBy(asc(operators.email));
  return [
    ...fromCampaign.map((email) => ({ email, role: 'admin' as const, addedBy: 'campaign', createdAt: null })),
    ...rows.filter((row) => !fromCampaign.includes(row.email)),
  ];
}

/** Adds an operator, or changes an existing one's role. `actor` is who does it (an operator's e-mail or 'cli'). */
export async function addOperator(db: DbOrTx, input: { email: string; role: string; actor: string; now: Date }) {
  const email = normalizeEmail(input.email);
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) throw invalid('Please enter a valid email address.');
  const role = parseRole(input.role);
  return db.transaction(async (tx) => {
    await lockOperators(tx);
    if ((await campaignAdmins(tx)).includes(email)) {
      throw conflict(`${email} is an admin through the campaign pack (operator.emails); change the pack to change it.`);
    }
    const [existing] = await tx.select().from(operators).where(eq(operators.email, email));
    if (existing?.role === role) return { email, role, changed: false };
    if (existing?.role === 'admin') await refuseLosingAdmin(tx, email, input.actor, 'change the role of');
    if (existing) await tx.update(operators).set({ role }).where(eq(operators.email, email));
    else await tx.insert(operators).values({ email, role, addedBy: input.actor, createdAt: input.now });
    const entry: AuditEntry = {
      actor: input.actor,
      action: existing ? 'operator.change_role' : 'operator.add',
      subject: email,
      before: existing ? { role: existing.role } : null,
      after: { role },
      at: input.now,
    };
    await recordAudit(tx, entry);
    return { email, role, changed: true };
  });
}

/** Removes an operator; their console sessions end with the row. */
export async function removeOperator(db: DbOrTx, input: { email: string; actor: string; now: Date }) {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    await lockOperators(tx);
    if ((await campaignAdmins(tx)).includes(email)) {
      throw conflict(`${email} is an admin through the campaign pack (operator.emails); change the pack to remove it.`);
    }
    const [existing] = await tx.select().from(operators).where(eq(operators.email, email));
    if (!existing) throw notFound(`${email} is not an operator.`);
    if (existing.role === 'admin') await refuseLosingAdmin(tx, email, input.actor, 'remove');
    await tx.delete(operators).where(eq(operators.email, email));
    await tx.delete(consoleSessions).where(eq(consoleSessions.email, email));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'operator.remove',
      subject: email,
      before: { role: existing.role, addedBy: existing.addedBy },
      after: null,
      at: input.now,
    });
    return { email, role: existing.role };
  });
}

function parseRole(value: string): Role {
  const role = ROLES.find((known) => known === value.trim().toLowerCase());
  if (!role) throw invalid(`The role must be one of ${ROLES.join(', ')}.`);
  return role;
}

async function lockOperators(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OPERATORS_LOCK})`);
}

/** An admin may not take away their own admin role, nor the last admin's. */
async function refuseLosingAdmin(tx: DbOrTx, email: string, actor: string, verb: string): Promise<void> {
  if (email === normalizeEmail(actor)) throw forbidden(`You cannot ${verb} yourself; ask another admin.`);
  const rows = await tx.select({ email: operators.email }).from(operators).where(eq(operators.role, 'admin'));
  const admins = new Set([...rows.map((row) => row.email), ...(await campaignAdmins(tx))]).size;
  if (admins <= 1) throw conflict(`${email} is the last admin: add another admin first.`);
}
