// Stage 3 for `rpc/<name>`: the call as PostgREST's callPlanToQuery writes it, named arguments
// typed by json_to_record from one JSON parameter, in a CTE the read of its result selects from,
// its body shaped as PostgREST's asJsonF shapes a function's (a scalar as itself, a single
// composite as an object, a set as an array).
import type { Statement } from '../db/database.js';
import type { CallPlan } from './plan.js';
import { SCALAR_COLUMN } from './rpc-plan.js';
import { bodySql, conditionsSql, orderSql, Parameters, quote, shapeSql } from './sql.js';

const SOURCE = 'pgrst_source';

function callSourceSql(plan: CallPlan, params: Parameters): string {
  const { routine, given } = plan;
  const fn = `public.${quote(routine.name)}`;
  let from = '';
  let call: string;
  if (plan.positional !== null) {
    // Bound as text, whatever the type: a driver told the parameter is bytea sends the text's own bytes.
    call = `${fn}(${params.add(plan.args)}::text::${plan.positional})`;
  } else if (given.length === 0) {
    call = `${fn}()`;
  } else {
    // Only the arguments given are passed: the others take their defaults.
    const record = given.map((p) => `${quote(p.name)} ${p.type}`).join(', ');
    from = `json_to_record(${params.add(plan.args)}::json) as pgrst_body(${record}), lateral `;
    call = `${fn}(${given.map((p) => `${p.variadic ? 'variadic ' : ''}${quote(p.name)} := pgrst_body.${quote(p.name)}`).join(', ')})`;
  }
  if (routine.result === null) return `select pgrst_call.${SCALAR_COLUMN} from ${from}(select ${call} as ${SCALAR_COLUMN}) pgrst_call`;
  return `select pgrst_call.* from ${from}${call} pgrst_call`;
}

function callBodySql(plan: CallPlan): string {
  if (!plan.withBody) return 'null::text';
  const scalar = plan.routine.result === null;
  // A scalar is itself as one object too, as PostgREST's asJsonSingleF takes json_agg(pgrst_scalar)->0
  // (supabase-js's .rpc().single() on a function returning a number gets the number).
  if (plan.csv || (plan.single && !scalar)) return bodySql(plan);
  const value = scalar ? `_t.${SCALAR_COLUMN}` : '_t';
  return plan.routine.returnsSet && !plan.single ? `coalesce(json_agg(${value}), '[]')::text` : `coalesce(json_agg(${value}) -> 0, 'null')::text`;
}

export function callStatement(plan: CallPlan): Statement {
  const params = new Parameters();
  const source = callSourceSql(plan, params);
  const { columns, joins } = shapeSql(plan.shape, SOURCE, params);
  const conditions = conditionsSql(plan.table, SOURCE, plan.filters, params);
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const total = plan.count ? `(select count(*) from ${SOURCE}${joins}${where})::int` : 'null::int';
  const page = `select ${columns.length > 0 ? columns.join(', ') : 'null as pgrst_none'} from ${SOURCE}${joins}${where}` +
    `${orderSql(plan.order, SOURCE)} limit ${params.add(plan.limit)} offset ${params.add(plan.offset)}`;
  return {
    text: `with ${SOURCE} as (${source}) select count(*)::int as page_total, ${total} as total, null::int as inserted, ` +
      `${callBodySql(plan)} as body, null::text as location_id from (${page}) _t`,
    values: params.values,
  };
}
