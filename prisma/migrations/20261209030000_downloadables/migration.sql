-- The `downloadables` benefit (issue 31, docs/uploads-and-limits.md "Downloadable files"): files
-- uploaded in parts, granted to a product's buyers, who download them through signed links.
ALTER TYPE "BenefitType" ADD VALUE 'downloadables';
