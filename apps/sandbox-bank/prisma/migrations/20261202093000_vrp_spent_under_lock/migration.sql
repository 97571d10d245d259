-- What a VRP consent's counted payments add up to since each of `starts`, for the one statement
-- that stores a VRP within its consent's limits (vrp-statements.ts). The consent's row is locked
-- first (FOR UPDATE, held until the statement's transaction ends), and only while it is
-- Authorised: NULL otherwise. The function is VOLATILE, so under READ COMMITTED its query takes a
-- new snapshot after the lock: the sums include the VRPs of every transaction that held the lock
-- before, which a query of the calling statement itself (its snapshot taken before it waited)
-- would not see. Payments in `not_counted` (rejected) do not count.
CREATE FUNCTION "sandbox_bank"."sb_vrp_spent"(consent_id text, starts timestamptz[], not_counted text[])
RETURNS numeric[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  sums numeric[];
BEGIN
  PERFORM 1 FROM "sandbox_bank"."sb_consent" c
   WHERE c.id = sb_vrp_spent.consent_id AND c.status = 'Authorised'
   FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  WITH counted AS (
    SELECT p.amount, p.created_at FROM "sandbox_bank"."sb_payment" p
     WHERE p.consent_id = sb_vrp_spent.consent_id
       AND p.created_at >= (SELECT min(s) FROM unnest(starts) AS s)
       AND p.status <> ALL(not_counted)
  )
  SELECT coalesce(array_agg(
           (SELECT coalesce(sum(c.amount), 0) FROM counted c WHERE c.created_at >= s.start) ORDER BY s.ord),
         ARRAY[]::numeric[])
    INTO sums
    FROM unnest(starts) WITH ORDINALITY AS s(start, ord);
  RETURN sums;
END
$$;
