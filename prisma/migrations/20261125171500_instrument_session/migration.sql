-- Instruments carry their regular trading hours (a Pine session string in their time zone).
-- Existing US equities and ETFs (New York time) get the regular session; the rest trade 24x7.
ALTER TABLE "instruments" ADD COLUMN "session" TEXT NOT NULL DEFAULT '24x7';
UPDATE "instruments" SET "session" = '0930-1600' WHERE "assetClass" IN ('equity', 'etf') AND "timezone" = 'America/New_York';
