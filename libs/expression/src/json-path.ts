/**
 * The JSONPath literals of get_json_object and variant_get (spec 9.13.10, 9.13.13): `$` followed
 * by `.name`, `['name']` and `[n]` steps, e.g. `$.a.b[0]` or `$['odd key'][2]`. Wildcards and
 * negative positions are refused, so a path always names at most one value.
 */

/** One step of a path: an object member or a 0-based array position. */
export type JsonPathStep = { readonly kind: 'member'; readonly name: string } | { readonly kind: 'index'; readonly index: number };

/** The steps of a JSONPath literal, or why it is not one. */
export function readJsonPath(text: string): readonly JsonPathStep[] | { readonly problem: string } {
  if (!text.startsWith('$')) return { problem: `path '${text}' must start with $` };
  const steps: JsonPathStep[] = [];
  let i = 1;
  const bad = (what: string): { problem: string } => ({ problem: `path '${text}' ${what} at character ${i + 1}` });
  while (i < text.length) {
    if (text[i] === '.') {
      const m = /^[^.[\]'"*\s]+/.exec(text.slice(i + 1));
      if (m === null) return bad('needs a member name after "."');
      steps.push({ kind: 'member', name: m[0] });
      i += 1 + m[0].length;
    } else if (text[i] === '[') {
      const index = /^\[(\d+)\]/.exec(text.slice(i));
      const quoted = /^\['([^'"]+)'\]/.exec(text.slice(i));
      if (index !== null) {
        steps.push({ kind: 'index', index: Number(index[1]) });
        i += index[0].length;
      } else if (quoted !== null) {
        steps.push({ kind: 'member', name: quoted[1] });
        i += quoted[0].length;
      } else {
        return bad("needs [n] (a position from 0) or ['name']");
      }
    } else {
      return bad('needs "." or "["');
    }
  }
  return steps;
}
