import { _baseTest as test, expect } from '@playwright/test';
import { annotationsOf } from './annotations.ts';

test('an annotation listed on both the test and its result is reported once; distinct ones all, in order', () => {
  const seen = { type: 'observation', description: '[PV-4-X] seen once' };
  const of = annotationsOf(
    { annotations: [{ type: 'clause', description: 'PV-4-X' }, seen] },
    { annotations: [seen, { type: 'observation', description: '[PV-4-X] another' }] },
  );
  expect(of('observation')).toEqual(['[PV-4-X] seen once', '[PV-4-X] another']);
  expect(of('clause')).toEqual(['PV-4-X']);
  expect(of('warning')).toEqual([]);
});
