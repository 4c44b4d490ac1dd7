-- Promo changes (issue 26): the quote judges a promo code from the brand's snapshot, so a write to promos NOTIFYs the
-- brand's id on dx_catalogue too (the function of 0011_catalogue_changes). Nothing else the promo judgement reads
-- is missing: the web settings' promoActive is merchant_settings, already heard. promo_uses is not heard: no promo
-- is limited in uses, so nothing a quote judges reads it, and every order with a promo would re-read the snapshot.
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "promos" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
