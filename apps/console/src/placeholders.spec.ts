import { defaultedPlaceholders } from './placeholders';

describe('defaultedPlaceholders', () => {
  it('lists each defaulted placeholder once, in text order', () => {
    const yaml = ['path: "${DIR:in}/${FILE:a.csv}"', 'filter: "salary > ${MIN:100000}"', 'again: ${DIR:other}'].join('\n');
    expect(defaultedPlaceholders(yaml)).toEqual([
      { name: 'DIR', fallback: 'in' },
      { name: 'FILE', fallback: 'a.csv' },
      { name: 'MIN', fallback: '100000' },
    ]);
  });

  it('leaves out placeholders without a default, escaped ones and comment lines', () => {
    expect(defaultedPlaceholders('path: ${OUT}\nx: $${LITERAL:no}\n# ${COMMENTED:no}\ny: ${EMPTY:}')).toEqual([{ name: 'EMPTY', fallback: '' }]);
  });
});
