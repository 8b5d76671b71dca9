// The bounds on an `in` list and on the depth of a logic tree, and the errors that refuse a query
// string beyond them.
import { failures, type ServiceError } from '../../errors.js';

/** DESIGN.md section 4: bounds that keep a hostile query string cheap to refuse. */
export const MAX_IN_ITEMS = 1000;
export const MAX_LOGIC_DEPTH = 10;

export function tooManyItems(column: string): ServiceError {
  return failures.parse(`Too many values in the in list of ${column}: at most ${MAX_IN_ITEMS} are allowed`,
    'Split the request into several smaller ones.');
}

export function tooDeep(): ServiceError {
  return failures.parse(`Logic tree nested too deeply: at most ${MAX_LOGIC_DEPTH} levels of and/or are allowed`,
    'Flatten the and/or groups of the or=/and= parameter.');
}

/** Embedded resources inside embedded resources, each a join: deep enough for any real shape. */
export const MAX_EMBED_DEPTH = 8;

export function tooDeeplyEmbedded(): ServiceError {
  return failures.parse(`Resource embedding nested too deeply: at most ${MAX_EMBED_DEPTH} levels are allowed`,
    'Embed fewer levels of resources in one select.');
}

/**
 * Items in one `select=`, at every level, and columns in one level's row once `*` and spread embeds
 * are expanded. PostgreSQL refuses a target list past 1664 entries with a 500 (54011); far fewer
 * than that is any real request.
 */
export const MAX_SELECT_COLUMNS = 1000;

export function tooManyColumns(): ServiceError {
  return failures.parse(`Too many columns in select: at most ${MAX_SELECT_COLUMNS} are allowed`,
    'Select fewer columns, or split the request.');
}

/**
 * Embedded resources in one `select=`, at every level: each is a lateral join, and planning grows
 * faster than their number (400 took about a second on PGlite, 999 failed after 1.5 to 22 s). With
 * plan-shape's refusals of an embed back onto a table already on its path and of a to-many embed
 * below a to-one, this keeps the rows one request makes the database visit linear in the practice's
 * rows: PostgREST has none of these bounds (docs/postgrest-embedding.md, "Bounds").
 */
export const MAX_EMBEDS = 16;

export function tooManyEmbeds(): ServiceError {
  return failures.parse(`Too many embedded resources in select: at most ${MAX_EMBEDS} are allowed`,
    'Embed fewer resources in one request, or split it.');
}
