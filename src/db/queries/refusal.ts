import type { Executor } from '../client';

/**
 * A refusal in the API's own words (pt-BR), for a constraint the database enforces. The error handler
 * turns it into the problem+json answer; `path` names the field the form marks.
 */
export interface Refusal {
  status: 400 | 409;
  title: string;
  detail: string;
  path?: string;
}

/** One constraint's refusal: for this SQLSTATE, on these methods (any when absent). */
export interface ConstraintRule {
  code: string;
  methods?: readonly string[];
  refusal: Refusal;
}

/** A resource's constraints by name (constraint names are unique across the database). */
export type ConstraintMap = Record<string, ConstraintRule>;

/**
 * Why a row cannot be deleted: the resource's words, with the counts of what still points at it.
 * Asked when a delete hits a RESTRICT foreign key (the database is the only check, so no race).
 */
export type InUse = (db: Executor, p: { id: string }) => Promise<Refusal>;

/** `n orçamento(s)`-style wording helpers stay with each resource; this is only the 409's shape. */
export const emUsoRefusal = (title: string, detail: string): Refusal => ({ status: 409, title, detail });
