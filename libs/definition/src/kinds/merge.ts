/** Catalogue entry of the `merge` kind: the target after MERGE actions on matched and unmatched rows. */
import { MERGE_ACTIONS, type MergeActionName } from '../definition';
import type { Expr } from '@pipeline/expression';
import { expression, list, mapOf, object, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, FLAG } from './schema-parts';

/** One merge action: it runs when `condition` holds (always without one); `set` or `star` give the values. */
export interface MergeAction {
  readonly action: MergeActionName;
  readonly condition?: Expr;
  /** Column assignments in document order. */
  readonly set: readonly { readonly column: string; readonly value: Expr }[];
  /** Every target column from the source column of the same name. */
  readonly star: boolean;
}

/** MERGE of `source` into `target` on `on` (spec 8.37); the result is the whole target after the actions. */
export interface MergeSource {
  readonly kind: 'merge';
  readonly target: string;
  readonly source: string;
  readonly on: readonly Expr[];
  readonly whenMatched: readonly MergeAction[];
  readonly whenNotMatched: readonly MergeAction[];
  readonly whenNotMatchedBySource: readonly MergeAction[];
}

const CLAUSES = ['whenMatched', 'whenNotMatched', 'whenNotMatchedBySource'] as const;

/** The actions each clause allows, and why the others make no sense there. */
const ALLOWED: Readonly<Record<(typeof CLAUSES)[number], { readonly actions: readonly MergeActionName[]; readonly why: string }>> = {
  whenMatched: { actions: ['update', 'delete'], why: 'a matched source row is already in the target' },
  whenNotMatched: { actions: ['insert'], why: 'a source row without a match has no target row to change' },
  whenNotMatchedBySource: { actions: ['update', 'delete'], why: 'there is no source row to insert' },
};

const ACTION_LIST = optional(
  list(
    object({
      action: oneOf(MERGE_ACTIONS),
      condition: optional(expression({ role: 'predicate' })),
      set: optional(mapOf(expression({ role: 'value' }), { minProperties: 1, description: 'column -> expression' })),
      star: optional(FLAG),
    }),
    { description: 'actions, the first whose condition holds runs' },
  ),
);

/** The `merge` kind. */
export const MERGE_KIND = defineKind({
  kind: 'merge',
  role: 'transformation',
  description:
    'MERGE of `source` into `target` (typically an input reading the last output) on the `on` conditions (qualified columns, ANDed): for each target row with a match the first `whenMatched` action whose condition holds updates or deletes it, for each target row without one the same with `whenNotMatchedBySource`, for each source row without one the first `whenNotMatched` insert adds it; `star: true` takes every target column from the source column of that name. A target row matched by several source rows fails the job when `whenMatched` has actions. The output is the whole target (its rows in order, then the inserted ones).',
  label: 'MERGE',
  fields: {
    target: ASSET_REF,
    source: ASSET_REF,
    on: list(expression({ role: 'predicate', qualified: true }), { minItems: 1, description: 'non-empty list of conditions over qualified columns' }),
    whenMatched: ACTION_LIST,
    whenNotMatched: ACTION_LIST,
    whenNotMatchedBySource: ACTION_LIST,
  },
  check: (fields) => {
    if (fields.target === fields.source) return { field: 'source', detail: 'must name another asset than target' };
    for (const clause of CLAUSES) {
      const actions = fields[clause] ?? [];
      for (const [i, a] of actions.entries()) {
        const at = `${clause}[${i}]`;
        const allowed = ALLOWED[clause];
        if (!allowed.actions.includes(a.action)) {
          return { field: `${at}.action`, detail: `must be ${allowed.actions.join(' or ')} in ${clause} (${a.action}: ${allowed.why})` };
        }
        const star = a.star === true;
        if (a.action === 'delete' && (a.set !== undefined || star)) return { field: at, detail: 'a delete takes no set and no star' };
        if (a.action !== 'delete' && a.set === undefined && !star) return { field: `${at}.set`, detail: `is required for ${a.action} unless star is true` };
        if (a.set !== undefined && star) return { field: at, detail: 'give set or star: true, not both' };
        if (star && clause === 'whenNotMatchedBySource') return { field: `${at}.star`, detail: 'needs a source row, which whenNotMatchedBySource has not' };
        if (a.condition === undefined && i < actions.length - 1) {
          return { field: `${at}.condition`, detail: `is required: without one the action always runs and the actions after it never would` };
        }
      }
    }
    return undefined;
  },
  build: (fields): MergeSource => {
    const clause = (name: (typeof CLAUSES)[number]): MergeAction[] =>
      (fields[name] ?? []).map((a): MergeAction => ({
        action: a.action,
        ...(a.condition === undefined ? {} : { condition: a.condition }),
        set: Object.entries(a.set ?? {}).map(([column, value]) => ({ column, value })),
        star: a.star === true,
      }));
    return {
      kind: 'merge',
      target: fields.target,
      source: fields.source,
      on: fields.on,
      whenMatched: clause('whenMatched'),
      whenNotMatched: clause('whenNotMatched'),
      whenNotMatchedBySource: clause('whenNotMatchedBySource'),
    };
  },
  upstream: (source) => [source.target, source.source],
});
