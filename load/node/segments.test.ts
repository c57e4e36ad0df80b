/** The segment sequence load:segments hands to k6: contiguous, covering 0 to 1 once. */
import { _baseTest as test, expect } from '@playwright/test';
import { segmentsOf } from './segments.ts';

test('N segments tile 0..1 in k6 syntax', () => {
  expect(segmentsOf(2)).toEqual({ sequence: '0,1/2,1', segments: ['0:1/2', '1/2:1'] });
  expect(segmentsOf(3)).toEqual({ sequence: '0,1/3,2/3,1', segments: ['0:1/3', '1/3:2/3', '2/3:1'] });
});
