import { warmValidation } from './warm-up';

describe('warmValidation', () => {
  it('plans its document, so the start-up warm-up exercises the whole validation path', () => {
    expect(warmValidation()).toBe(true);
  });
});
