/** Schema checks (spec 17.3.1): required and forbidden (glob) columns, expected types. */
import { type CastType, globProblem, readTargetType } from '@pipeline/definition';
import type { QualityCheckRule } from '../check-rule';
import { describeJson, type Json, Reader } from '../read-fields';

/** The rule of `type: schema`. */
export const SCHEMA_RULE: QualityCheckRule<'schema'> = {
  type: 'schema',
  fields: ['columns', 'types'],
  threshold: false,
  read({ raw, read, invalid, unknownField, common }) {
    const columns = raw['columns'] === undefined ? {} : (read.object('columns') as Json);
    for (const key of Object.keys(columns)) {
      if (key !== 'required' && key !== 'forbidden') throw unknownField('columns', key, ['required', 'forbidden']);
    }
    const nested = new Reader(columns, (field, detail) => invalid(`columns.${field}`, detail));
    const required = nested.names('required') ?? [];
    const forbidden = nested.names('forbidden') ?? [];
    forbidden.forEach((glob, i) => {
      const problem = globProblem(glob);
      if (problem !== undefined) throw invalid(`columns.forbidden[${i}]`, `${problem}; a glob is matched against every column name`);
    });
    const types: { column: string; type: CastType }[] = [];
    const written = raw['types'] === undefined ? {} : (read.object('types') as Json);
    for (const [column, text] of Object.entries(written)) {
      if (typeof text !== 'string') throw invalid(`types.${column}`, `must be a type name (got ${describeJson(text)})`);
      const type = readTargetType(text);
      if ('problem' in type) throw invalid(`types.${column}`, type.problem);
      types.push({ column, type });
    }
    if (required.length + forbidden.length + types.length === 0) throw invalid('columns', 'or types is required (the check has nothing to check)');
    return { type: 'schema', required, forbidden, types, ...common };
  },
};
