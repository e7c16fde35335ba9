/** Catalogue entry of the `merge` kind: the target after MERGE actions on matched and unmatched rows. */
import type { Expr } from '../expr';
import { MERGE_ACTIONS, type MergeAction, type MergeActionName, type MergeSource } from '../definition';
import { expressionListAt, type FieldSchema, type KindDefinition, type ParsedExpressions } from './kind-definition';
import { ASSET_REF_FIELD, EXPRESSION_FIELD, FLAG_FIELD } from './schema-parts';

/** One action as written. */
interface ActionFields {
  readonly action: MergeActionName;
  readonly condition?: string;
  readonly set?: Readonly<Record<string, string>>;
  readonly star?: boolean;
}

/** Fields of a `merge` source once checked. */
export interface MergeFields {
  readonly target: string;
  readonly source: string;
  readonly on: readonly string[];
  readonly whenMatched?: readonly ActionFields[];
  readonly whenNotMatched?: readonly ActionFields[];
  readonly whenNotMatchedBySource?: readonly ActionFields[];
}

const CLAUSES = ['whenMatched', 'whenNotMatched', 'whenNotMatchedBySource'] as const;

/** The actions each clause allows, and why the others make no sense there. */
const ALLOWED: Readonly<Record<(typeof CLAUSES)[number], { readonly actions: readonly MergeActionName[]; readonly why: string }>> = {
  whenMatched: { actions: ['update', 'delete'], why: 'a matched source row is already in the target' },
  whenNotMatched: { actions: ['insert'], why: 'a source row without a match has no target row to change' },
  whenNotMatchedBySource: { actions: ['update', 'delete'], why: 'there is no source row to insert' },
};

const ACTION_LIST: FieldSchema = {
  type: 'array',
  description: 'actions, the first whose condition holds runs',
  items: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: [...MERGE_ACTIONS] },
      condition: EXPRESSION_FIELD,
      set: { type: 'object', additionalProperties: EXPRESSION_FIELD, minProperties: 1, description: 'column -> expression' },
      star: FLAG_FIELD,
    },
    required: ['action'],
    additionalProperties: false,
  },
};

/** The `merge` kind. */
export const MERGE_KIND: KindDefinition<'merge', MergeFields> = {
  kind: 'merge',
  role: 'transformation',
  description:
    'MERGE of `source` into `target` (typically an input reading the last output) on the `on` conditions (qualified columns, ANDed): for each target row with a match the first `whenMatched` action whose condition holds updates or deletes it, for each target row without one the same with `whenNotMatchedBySource`, for each source row without one the first `whenNotMatched` insert adds it; `star: true` takes every target column from the source column of that name. A target row matched by several source rows fails the job when `whenMatched` has actions. The output is the whole target (its rows in order, then the inserted ones).',
  label: 'MERGE',
  schema: {
    type: 'object',
    properties: {
      target: ASSET_REF_FIELD,
      source: ASSET_REF_FIELD,
      on: { type: 'array', items: EXPRESSION_FIELD, minItems: 1, description: 'non-empty list of conditions over qualified columns' },
      whenMatched: ACTION_LIST,
      whenNotMatched: ACTION_LIST,
      whenNotMatchedBySource: ACTION_LIST,
    },
    required: ['target', 'source', 'on'],
    additionalProperties: false,
  },
  expressions: [
    { field: 'on', role: 'predicate', list: true, qualifiedColumns: true },
    ...CLAUSES.flatMap((field) => [
      { field, item: 'condition', itemOptional: true, role: 'predicate' as const, list: true },
      { field, item: 'set', itemMap: true, itemOptional: true, role: 'value' as const, list: true },
    ]),
  ],
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
  upstream: (source) => [source.target, source.source],
  build: (fields, expressions): MergeSource => {
    const clause = (name: (typeof CLAUSES)[number]): MergeAction[] => {
      const conditions = listOrEmpty(expressions, `${name}.condition`);
      const values = listOrEmpty(expressions, `${name}.set`);
      let nextCondition = 0;
      let nextValue = 0;
      return (fields[name] ?? []).map((a): MergeAction => {
        const condition = a.condition === undefined ? undefined : conditions[nextCondition++];
        const set = Object.keys(a.set ?? {}).map((column) => ({ column, value: values[nextValue++] }));
        return { action: a.action, ...(condition === undefined ? {} : { condition }), set, star: a.star === true };
      });
    };
    return {
      kind: 'merge',
      target: fields.target,
      source: fields.source,
      on: expressionListAt(expressions, 'on'),
      whenMatched: clause('whenMatched'),
      whenNotMatched: clause('whenNotMatched'),
      whenNotMatchedBySource: clause('whenNotMatchedBySource'),
    };
  },
};

function listOrEmpty(expressions: ParsedExpressions, key: string): readonly Expr[] {
  return expressions[key] === undefined ? [] : expressionListAt(expressions, key);
}
