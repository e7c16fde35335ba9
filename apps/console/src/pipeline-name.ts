/**
 * The pipeline's `name` read from its text without a YAML parser: the first `name:` key indented
 * one level under `pipeline:`. The job object does not carry it, so the console remembers it for
 * the jobs it submits.
 */
export function pipelineName(yaml: string): string | undefined {
  const lines = yaml.split('\n');
  const start = lines.findIndex((line) => /^pipeline:\s*(#.*)?$/.test(line));
  if (start < 0) return undefined;
  let indent: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) return undefined;
    const match = /^(\s+)([\w-]+):\s*(.*)$/.exec(line);
    if (!match) continue;
    indent ??= match[1];
    if (match[1] !== indent || match[2] !== 'name') continue;
    const value = match[3].replace(/\s+#.*$/, '').trim().replace(/^(["'])(.*)\1$/, '$2');
    return value === '' ? undefined : value;
  }
  return undefined;
}
