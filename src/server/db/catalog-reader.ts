// Where the catalog rows a start reads come from: the database itself, or the snapshot of them a
// restart of the embedded service keeps (schema-snapshot.ts). Its queries take no parameters.
export interface CatalogReader {
  query<Row>(sql: string): Promise<Row[]>;
}
