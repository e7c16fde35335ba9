/**
 * @pipeline/definition: YAML pipeline text -> typed definition, variables, expression syntax tree.
 */
export * from './expr/ast';
export * from './definition';
