-- Catalogue changes (issue 26): every write to a table a quote or the menu is priced or drawn from NOTIFYs the
-- brand's id on the channel dx_catalogue, from the database itself, so no writer can forget (an order taking
-- stock, a cancel giving it back, the stop-list, a price edited by hand, the seed). Each instance LISTENs and
-- drops what it keeps of that brand. NOTIFY is sent at commit, once per distinct brand in a transaction.
CREATE FUNCTION dx_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dx_catalogue', OLD.merchant_id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('dx_catalogue', NEW.merchant_id::text);
  IF TG_OP = 'UPDATE' AND OLD.merchant_id IS DISTINCT FROM NEW.merchant_id THEN
    PERFORM pg_notify('dx_catalogue', OLD.merchant_id::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "product_branches" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "modification_groups" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "modifications" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "modification_branches" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "groups" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "branches" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "work_hours" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "cities" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "delivery_zones" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "merchant_settings" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "service_fee_settings" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
