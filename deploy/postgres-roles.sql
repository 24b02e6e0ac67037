-- The app's own PostgreSQL role (decision 066): it plays the game and writes the audit trail, and can neither
-- change the schema nor alter, disable or rewrite the trail, its seals or its chain's head (decision 065).
-- Run it as the role that owns the tables (the one `npm run migrate` runs as), after the first migration:
--   psql "$OWNER_DATABASE_URL" -v app=quackquest_app -f deploy/postgres-roles.sql
-- Tables later migrations create are granted to the app by the default privileges below. Make the app's role
-- first, with a password of its own: CREATE ROLE quackquest_app LOGIN PASSWORD '...';
GRANT USAGE ON SCHEMA public, drizzle TO :"app";
GRANT SELECT ON drizzle.__drizzle_migrations TO :"app";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app";
-- The trail: rows are added, never changed; seals and the head are written only by the chain's trigger.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM :"app";
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_seals, audit_chain FROM :"app";
