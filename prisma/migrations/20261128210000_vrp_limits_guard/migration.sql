-- Whether a VRP of `amount` fits its consent's limits, for the one statement that stores it
-- (the consent's guard). The consent's row is locked first (FOR UPDATE, held until the
-- statement's transaction ends), and only if it is the member's and AUTHORIZED. The function is
-- VOLATILE, so under READ COMMITTED each query in it takes a new snapshot: the payments read
-- after the lock include those of every transaction that held the lock before, which a query of
-- the calling statement itself (its snapshot taken before it waited) would not see. The periods
-- ([{ "start", "end", "maximum" }]) are computed by the limit engine in the bank's time zone;
-- the payments counted are those not in `excluded` (ended without the money moving), summed
-- exactly, per period by creation time in [start, end); `maximum_occurrences` 0 sets no limit.
CREATE FUNCTION vrp_limits_allow(
  consent_id text,
  member_id text,
  amount numeric,
  periods json,
  maximum_occurrences integer,
  excluded text[]
) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  period record;
BEGIN
  PERFORM 1 FROM vrp_consent c
   WHERE c.id = vrp_limits_allow.consent_id AND c.member_id = vrp_limits_allow.member_id AND c.status = 'AUTHORIZED'
   FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  FOR period IN SELECT * FROM json_to_recordset(periods) AS p("start" timestamptz, "end" timestamptz, maximum numeric) LOOP
    IF (SELECT COALESCE(sum(p.amount), 0) FROM payment p
         WHERE p.vrp_consent_id = vrp_limits_allow.consent_id AND p.status <> ALL(excluded)
           AND p.created_at >= period."start" AND p.created_at < period."end") + amount > period.maximum THEN
      RETURN false;
    END IF;
  END LOOP;
  IF maximum_occurrences > 0 AND (SELECT count(*) FROM payment p
       WHERE p.vrp_consent_id = vrp_limits_allow.consent_id AND p.status <> ALL(excluded)) >= maximum_occurrences THEN
    RETURN false;
  END IF;
  RETURN true;
END
$$;
