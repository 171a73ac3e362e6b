// Test databases on PostgreSQL: one migrated template per run, one copy per test file
// (CREATE DATABASE ... TEMPLATE is a file copy: tens of milliseconds).
import pg from "pg";

export function testServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

export function urlForDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
