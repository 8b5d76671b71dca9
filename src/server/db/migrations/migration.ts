// What a migration is, apart from the list of them (index.ts), so that a migration does not import the list.

export interface Migration {
  /** Applied in ascending order; recorded in practice_private.schema_migrations. */
  version: number;
  name: string;
  /** A script of statements without parameters, run as the owner in the migration's transaction. */
  sql: string;
}
