// The refusal to serve without row-level security (PROTOCOL.md section 5): every way a request
// role could see other practices' rows is checked at start, and named with its fix. Its queries
// take no parameters, so the embedded service's restart reads their rows from the catalog's
// snapshot as it does the schema cache's (schema-snapshot.ts), afresh whenever the catalog changed.
import type { CatalogReader } from './catalog-reader.js';

const REQUEST_ROLES = ['anon', 'authenticated'];
const REQUEST_ROLE_NAMES = `array[${REQUEST_ROLES.map((name) => `'${name}'`).join(', ')}]`;

interface RoleRow {
  name: string;
  superuser: boolean;
  bypass_rls: boolean;
}

interface RelationRow {
  name: string;
  kind: 'table' | 'view';
  rls: boolean;
  /** For a view: whether it runs with the caller's rights, so the tables' RLS applies. */
  security_invoker: boolean;
  /** The request roles that own the relation, directly or through membership. */
  owned_by: string[] | null;
  forced: boolean;
}

const ROLES = `
  select rolname::text as name, rolsuper as superuser, rolbypassrls as bypass_rls
  from pg_roles where rolname = any(${REQUEST_ROLE_NAMES})`;

// A table's owner bypasses its RLS, and so does every role with the owner's privileges.
const RELATIONS = `
  select c.relname::text as name, case c.relkind when 'v' then 'view' else 'table' end as kind,
         c.relrowsecurity as rls, c.relforcerowsecurity as forced,
         coalesce('security_invoker=true' = any(c.reloptions) or 'security_invoker=on' = any(c.reloptions), false)
           as security_invoker,
         (select array_agg(r.rolname::text order by r.rolname) from pg_roles r
           where r.rolname = any(${REQUEST_ROLE_NAMES}) and pg_has_role(r.oid, c.relowner, 'USAGE')) as owned_by
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
  order by c.relname`;

function roleProblems(roles: RoleRow[]): string[] {
  const problems: string[] = [];
  for (const name of REQUEST_ROLES) {
    const role = roles.find((r) => r.name === name);
    if (!role) {
      problems.push(`role ${name} does not exist: run the migrations (practice server start creates it).`);
      continue;
    }
    if (role.superuser) {
      problems.push(`role ${name} is a superuser, which bypasses row-level security: alter role ${name} nosuperuser;`);
    }
    if (role.bypass_rls) {
      problems.push(`role ${name} has BYPASSRLS: alter role ${name} nobypassrls;`);
    }
  }
  return problems;
}

function relationProblems(relations: RelationRow[]): string[] {
  const problems: string[] = [];
  for (const relation of relations) {
    const name = `public.${relation.name}`;
    if (relation.kind === 'view') {
      if (!relation.security_invoker) {
        problems.push(`view ${name} runs with its owner's rights, so row-level security does not apply to it: ` +
          `alter view ${name} set (security_invoker = true);`);
      }
      continue;
    }
    if (!relation.rls) {
      problems.push(`table ${name} has row-level security off: alter table ${name} enable row level security; ` +
        `and add policies (or move the table out of schema public).`);
    }
    if (relation.owned_by && !relation.forced) {
      problems.push(`table ${name} is owned by ${relation.owned_by.join(', ')}, and an owner bypasses row-level ` +
        `security: alter table ${name} owner to <the migrating role>;`);
    }
  }
  return problems;
}

export async function assertRowLevelSecurity(catalog: CatalogReader): Promise<void> {
  const [roles, relations] = await Promise.all([catalog.query<RoleRow>(ROLES), catalog.query<RelationRow>(RELATIONS)]);
  const problems = [...roleProblems(roles), ...relationProblems(relations)];
  if (problems.length > 0) {
    throw new Error(`Refusing to serve: requests could reach other practices' rows.\n- ${problems.join('\n- ')}`);
  }
}
