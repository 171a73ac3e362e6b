// Moved to the dashboard kit (docs/dashboard.md, "The kit"); kept so older imports still resolve.
export * from "../kit/list-body";
