// The fields a column of a client import file can be read as, apart from the import itself
// (client-import.ts, which loads zod), so `client` commands build their help without loading it.

/** What a column of the file can mean; a name comes whole or as first and last name. */
export const CLIENT_FIELDS = ['name', 'first_name', 'last_name', 'phone', 'email', 'notes', 'status', 'total_visits'] as const;

export type ClientField = (typeof CLIENT_FIELDS)[number];
