-- The sandbox bank keeps its tables in its own schema (sandbox_bank), created by its own migrations
-- (apps/sandbox-bank/prisma/migrations) only where a sandbox bank runs. Its former tables leave the
-- gateway's schema; their rows were simulated bank state.
DROP TABLE IF EXISTS
    "public"."sb_bg_authorisation",
    "public"."sb_transaction",
    "public"."sb_payment",
    "public"."sb_grant",
    "public"."sb_fault",
    "public"."sb_consent",
    "public"."sb_account";
