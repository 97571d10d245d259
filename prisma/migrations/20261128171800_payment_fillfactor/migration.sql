-- Room on each page of `payment` for the next version of its rows. A payment is written again soon
-- after it is stored (the bank's answer on the request path, a refund's sums, polls), and none of
-- those writes touches an indexed column, so with room on the page the new version is heap-only
-- (HOT): no entry in any of the table's indexes. On full pages most of those updates moved the
-- row to another page and inserted into every index. Applies to pages written from now on.
ALTER TABLE "payment" SET (fillfactor = 70);
