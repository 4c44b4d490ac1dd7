CREATE TABLE "catalogue_versions" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The brand's version becomes this transaction's id; written once per transaction (a bulk write changes one row once).
CREATE FUNCTION dx_catalogue_version(merchant uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalogue_versions (merchant_id, version) VALUES (merchant, txid_current())
  ON CONFLICT (merchant_id) DO UPDATE SET version = excluded.version WHERE catalogue_versions.version <> excluded.version
$$;
--> statement-breakpoint
-- Catalogue versions (issue 27): an order priced from a brand's kept snapshot (decision 014) must know, in its own
-- transaction, that nothing the price is drawn from committed since the snapshot was read; the NOTIFY reaches the
-- instance a moment after the commit, too late for that. So the same trigger also sets the brand's version to the
-- id of the writing transaction (unique, never reused while the row lives): a snapshot reads the version before the
-- catalogue, and the order compares it with the row it sees. A product's stock alone moves no version (every order
-- taking stock would otherwise make the next orders read the catalogue again): the order takes stock under lock.
CREATE OR REPLACE FUNCTION dx_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dx_catalogue', OLD.merchant_id::text);
    PERFORM dx_catalogue_version(OLD.merchant_id);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('dx_catalogue', NEW.merchant_id::text);
  IF NOT (TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'products' AND (to_jsonb(OLD) - 'count') = (to_jsonb(NEW) - 'count')) THEN
    PERFORM dx_catalogue_version(NEW.merchant_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.merchant_id IS DISTINCT FROM NEW.merchant_id THEN
    PERFORM pg_notify('dx_catalogue', OLD.merchant_id::text);
    PERFORM dx_catalogue_version(OLD.merchant_id);
  END IF;
  RETURN NEW;
END $$;
