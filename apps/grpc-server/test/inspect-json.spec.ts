import { EMPLOYEES_CSV, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const lines = EMPLOYEES_CSV.trim().split('\n').slice(1).map((line) => {
    const [id, name, department, salary, active] = line.split(',');
    return JSON.stringify({ id: Number(id), name, department, salary: Number(salary), active: active === 'true' });
  });
  h.write('employees.json', `${lines.join('\n')}\n`);
  h.write('employees-array.json', `[${lines.join(',\n')}]\n`);
});
afterAll(() => h.stop());

describe('InspectSource on json', () => {
  const expected = [
    ['id', 'long'],
    ['name', 'string'],
    ['department', 'string'],
    ['salary', 'long'],
    ['active', 'boolean'],
  ];

  it.each(['employees.json', 'employees-array.json'])('reads %s with its fields and exact row count', async (path) => {
    const json = await h.client.inspectSource({ format: 'json', path });
    expect(json.rowCount).toBe(12);
    expect(json.fields.map((f) => [f.name, f.dataType])).toEqual(expected);
  });
});
