-- When each kiosk's tablet last asked the server with a code of its own (decision 090): the console shows which went quiet.
ALTER TABLE "kiosks" ADD COLUMN "last_seen_at" timestamp with time zone;
