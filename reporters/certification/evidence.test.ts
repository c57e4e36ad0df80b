import { _baseTest as test, expect } from '@playwright/test';
import { addEvidence, caseName, type EvidenceFiles } from './evidence.ts';

test('an evidence folder is named by a short case name, not a 100-character slug of the title', () => {
  const cases: Array<[string, string]> = [
    [
      'Booking conflict through every identifier › a second booking by legacy number is refused with 409 ' +
        'ItemAlreadyBooked and the first is kept (PV-3-CONFLICT, PV-7-CONFLICT-BODY)',
      'second-booking-by-legacy-number',
    ],
    [
      'Booking race: synchronised concurrent requests on one certificate › concurrent bookings of one ' +
        'certificate yield exactly one winner and 409 ItemAlreadyBooked for the rest (PV-3-ATOMIC)',
      'concurrent-bookings-of-one-certificate',
    ],
    [
      'An API user without booking permission › is refused DELETE booking by legacy number, and nothing ' +
        'changes (PV-1-PERMISSION, PV-1-DENIAL-STATUS)',
      'delete-booking-by-legacy-number',
    ],
    [
      "Bearer enforcement: GET a certificate › GET certificate with HTTP Basic with the user's real client_id " +
        'and secret is refused with a Bearer challenge (PV-5-BEARER-REQUIRED)',
      'get-certificate-with-http-basic',
    ],
    [
      'Old three-part composite reference › never returns a certificate: it is a 4xx problem ' +
        '(PV-2.2-COMPOSITE, PV-4-NO-5XX)',
      'old-three-part-composite-reference-certificate',
    ],
    [
      'Property: malformed identifiers › refuses any malformed, listed or composite identifier with a 4xx ' +
        'problem and no certificate, seed 20261121 (PV-2.2-MALFORMED)',
      'any-malformed',
    ],
  ];
  for (const [title, name] of cases) expect(caseName(title), title).toBe(name);
  for (const [title] of cases) expect(caseName(title).length).toBeLessThanOrEqual(48);
});

test('each test gets its own folder with a test.txt naming it; a second test of the same case name gets -2', () => {
  const files: EvidenceFiles = new Map();
  const attachments = new Map([
    ['reproduce.sh', '#!/usr/bin/env sh\n'],
    ['http-exchanges.json', '[]'],
  ]);
  const title =
    'Booking conflict through every identifier › a second booking by reference is refused with 409 ' +
    'ItemAlreadyBooked (PV-3-CONFLICT)';
  const first = addEvidence(
    files,
    'PV-3-CONFLICT',
    {
      title,
      file: 'suites/booking/booking-conflict.spec.ts',
      errors: [
        '[PV-3-CONFLICT] a second booking must be refused\n\u001b[2mExpected: \u001b[22m\u001b[32m409\u001b[39m',
      ],
    },
    attachments,
  );
  const second = addEvidence(files, 'PV-3-CONFLICT', { title: `${title} again` }, attachments);
  expect(first).toEqual([
    'evidence/PV-3-CONFLICT/second-booking-by-reference/reproduce.sh',
    'evidence/PV-3-CONFLICT/second-booking-by-reference/http-exchanges.json',
  ]);
  expect(second[0]).toBe('evidence/PV-3-CONFLICT/second-booking-by-reference-2/reproduce.sh');
  const note = files.get('evidence/PV-3-CONFLICT/second-booking-by-reference/test.txt')!;
  expect(note).toContain(`test: ${title}`);
  expect(note).toContain('file: suites/booking/booking-conflict.spec.ts');
  expect(note).toContain('[PV-3-CONFLICT] a second booking must be refused');
  // Playwright's colour codes are for terminals: the file has the text alone (#34).
  expect(note).toContain('Expected: 409');
  expect(note).not.toMatch(/\u001b\[/);
});
