// Which foreign-key relationship an embedded resource means, as PostgREST's findRel chooses it, and
// its refusals: none found (PGRST200, with a "perhaps you meant" hint) or several (PGRST201, 300,
// listing them so the client can add a `!hint`).
import type { Relationship, SchemaCache } from '../db/schema-cache.js';
import { ServiceError } from '../errors.js';
import { closest } from './closest-name.js';

const SCHEMA = 'public';

const singleColumn = (relationship: Relationship) => (relationship.columns.length === 1 ? relationship.columns[0]! : null);

/**
 * PostgREST's rules: the target names the other table, or (deprecated, still honoured) the
 * constraint or the single referencing column; the hint names the constraint or a column of a
 * single-column key. A table referencing itself is one-to-many by its own name, and with any hint
 * (the constraint, or either column of a single-column key: PostgREST resolves a hinted
 * self-reference to the one-to-many only).
 */
function matches(relationship: Relationship, target: string, hint: string | null): boolean {
  const single = singleColumn(relationship);
  if (relationship.isSelf) {
    if (hint === null) {
      return (target === relationship.foreignTable && relationship.cardinality === 'one-to-many') ||
        (single?.[0] === target && relationship.cardinality === 'many-to-one');
    }
    // A hinted self-reference is always the one-to-many, whichever of its names the hint gives.
    return target === relationship.foreignTable && relationship.cardinality === 'one-to-many' &&
      (hint === relationship.constraint || single?.[0] === hint || single?.[1] === hint);
  }
  if (hint === null) return target === relationship.foreignTable || target === relationship.constraint || single?.[0] === target;
  return target === relationship.foreignTable && (hint === relationship.constraint || single?.[0] === hint || single?.[1] === hint);
}

export function findRelationship(schema: SchemaCache, origin: string, target: string, hint: string | null): Relationship {
  const found = (schema.relationships.get(origin) ?? []).filter((relationship) => matches(relationship, target, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw noRelationship(schema, origin, target, hint);
  throw ambiguous(origin, target, found);
}

function noRelationship(schema: SchemaCache, origin: string, target: string, hint: string | null): ServiceError {
  return new ServiceError(400, 'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === null ? '' : ` using the hint '${hint}'`} in the schema '${SCHEMA}', but no matches were found.`,
    perhapsYouMeant(schema, origin, target));
}

/** noRelBetweenHint: a close name for the origin if it has no relationships, else for the target. */
function perhapsYouMeant(schema: SchemaCache, origin: string, target: string): string | null {
  const targets = schema.relationships.get(origin);
  if (targets) {
    const suggestion = closest(target, targets.map((r) => r.foreignTable), false);
    return suggestion && `Perhaps you meant '${suggestion}' instead of '${target}'.`;
  }
  const suggestion = closest(origin, [...schema.relationships.keys()], true);
  return suggestion && `Perhaps you meant '${suggestion}' instead of '${origin}'.`;
}

const columnList = (columns: string[]) => `(${columns.join(', ')})`;

/** compressedRel: how PostgREST describes each candidate in the details of PGRST201. */
function described(relationship: Relationship): Record<string, string> {
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.table} with ${relationship.foreignTable}`,
    relationship: `${relationship.constraint} using ${relationship.table}${columnList(relationship.columns.map(([c]) => c))}` +
      ` and ${relationship.foreignTable}${columnList(relationship.columns.map(([, c]) => c))}`,
  };
}

function ambiguous(origin: string, target: string, found: Relationship[]): ServiceError {
  const hints = found.map((relationship) => `'${relationship.foreignTable}!${relationship.constraint}'`).join(', ');
  return new ServiceError(300, 'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    found.map(described),
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`);
}
