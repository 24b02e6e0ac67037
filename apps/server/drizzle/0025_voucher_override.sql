-- The prize desk knows the visitor (issue 32 part 1): a blocked visitor's voucher is refused, and an admin who hands it
-- over anyway gives a reason, kept on the claim (and in the audit trail) for the voucher screen and the claims CSV.
ALTER TABLE "claims" ADD COLUMN "redeem_override" text;