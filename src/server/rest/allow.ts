// OPTIONS on a REST resource (PostgREST's RelInfoPlan, RoutineInfoPlan and SchemaInfoPlan, answered
// in Response.hs): 200 without a body, its `Allow` header naming the methods the resource takes.
import type { SchemaCache } from '../db/schema-cache.js';
import { failures } from '../errors.js';
import type { RestResponse } from './respond.js';
import { routineForInfo } from './rpc-plan.js';

/** What every resource takes: the root (the OpenAPI document), a view nothing is written through. */
export const READ_METHODS = 'OPTIONS,GET,HEAD';

/** A table by what its rows take (PUT only with a primary key); a function by its volatility. */
function allowOf(schema: SchemaCache, target: { table: string; routine?: string | undefined }): string {
  if (target.routine !== undefined) {
    return routineForInfo(schema, target.routine).volatility === 'volatile' ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST';
  }
  const table = schema.tables.get(target.table);
  if (!table) throw failures.unknownTable(target.table);
  const { insert, update, delete: remove } = table.writes;
  return [
    READ_METHODS,
    ...(insert ? ['POST'] : []),
    ...(insert && update && table.primaryKey.length > 0 ? ['PUT'] : []),
    ...(update ? ['PATCH'] : []),
    ...(remove ? ['DELETE'] : []),
  ].join(',');
}

export function optionsResponse(schema: SchemaCache, target: { table: string; routine?: string | undefined }): RestResponse {
  return { status: 200, headers: { allow: allowOf(schema, target) }, body: null };
}
