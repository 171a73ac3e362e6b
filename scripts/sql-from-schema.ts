// Prints the SQL that creates prisma/schema.prisma from an empty database. Prisma's own
// `migrate diff` needs a schema engine that cannot be downloaded here; use this to draft a new
// table's SQL, then keep only the part your migration needs. The drift test checks the result.
import { createSql, modelFromPrismaSchema } from "./schema-model";

const model = await modelFromPrismaSchema();
process.stdout.write(createSql(model));
