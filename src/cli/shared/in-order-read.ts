// A PATCH answers its rows in no order of its own (PostgREST's RETURNING, and this service's): what
// a command changed is reported in the order it read and listed the rows.

/** `changed` in the order of `read`, the rows it came from. */
export function inOrderRead<Row extends { id: string }>(changed: readonly Row[], read: readonly { id: string }[]): Row[] {
  const position = new Map(read.map((row, i) => [row.id, i]));
  return [...changed].sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
