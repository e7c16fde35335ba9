/**
 * PostgreSQL's text type cannot hold a NUL character: a message quoting a column whose name has
 * one (the engine keeps it) would make the job's record unwritable. Every store keeps the same
 * text, so the record reads the same whichever store holds it.
 */

/** `text` with each NUL written out as the six characters `\u0000`. */
export function storableText(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '\\u0000') : text;
}

/** True for an id no store can hold (a job id is a UUID; a NUL cannot even be looked up in PostgreSQL). */
export function isUnstorableId(id: string): boolean {
  return typeof id !== 'string' || id.includes('\0');
}
