-- Rate limits as token buckets in an UNLOGGED table: one upsert per budget, no WAL and so no
-- fsync per request. The fixed-window counters they replace are dropped (they only held the
-- current minute's counts).
DROP TABLE "rate_limit_buckets";

CREATE UNLOGGED TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "full_at" TIMESTAMP(6) NOT NULL,
    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- Sign-in attempts per (email, address) and per address, counted before the password check;
-- they replace the per-account lockout, which let anyone lock a merchant out.
CREATE UNLOGGED TABLE "sign_in_attempts" (
    "key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "next_attempt_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("key")
);

ALTER TABLE "users" DROP COLUMN "failed_login_count",
DROP COLUMN "locked_until";
