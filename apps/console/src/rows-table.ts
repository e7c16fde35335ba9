/**
 * The first rows of an output or a preview as a table: a header of `name: type` per column, then
 * the values as text (built with textContent: the data never becomes markup).
 */
import type { Rows } from './api';
import { h } from './dom';
import { cellText } from './format';

/** A table of `rows` with `caption`; a note says when more rows exist than are shown. */
export function rowsTable(rows: Rows, caption: string): HTMLElement {
  const numeric = rows.columns.map((c) => /^(byte|short|integer|long|float|double|decimal)/.test(c.type));
  const table = h(
    'table',
    { class: 'rows-table' },
    h('caption', { class: 'visually-hidden' }, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...rows.columns.map((c, i) =>
          h('th', { scope: 'col', class: numeric[i] ? 'num' : undefined, 'data-type': c.type }, c.name, h('span', { class: 'col-type' }, `: ${c.type}`)),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.rows.map((row) =>
        h('tr', {}, ...row.map((value, i) => h('td', { class: [numeric[i] ? 'num' : '', value === null ? 'null' : ''].join(' ').trim() || undefined }, cellText(value)))),
      ),
    ),
  );
  const count = `${rows.rows.length} row${rows.rows.length === 1 ? '' : 's'}${rows.truncated ? ' shown (more exist)' : ''}`;
  return h('div', { class: 'rows' }, h('div', { class: 'rows-scroll' }, table), h('p', { class: 'hint rows-count' }, count));
}
