// The session query's key, apart from its hooks so the query client can name it without React.
export const sessionKeys = { all: ["session"] as const };
