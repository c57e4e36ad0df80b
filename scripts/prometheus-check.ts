/** `npm run prometheus:check`: did the runs' metrics reach Prometheus, saying what their reports say?
 * (reporters/prometheus/stored-check.ts) */
import { readFileSync } from 'node:fs';
import {
  checkCertification,
  checkDashboardQueries,
  checkLoadRun,
  storedTotals,
  type CheckLine,
} from '../reporters/prometheus/stored-check.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'prometheus:check',
  summary:
    "Queries Prometheus' HTTP API and compares what a load run and a certification sent with their own " +
    'reports; exit 1 on any difference.',
  options: {
    api: { type: 'string', value: 'URL', help: 'Prometheus, e.g. http://127.0.0.1:9090 (its /api/v1/query)' },
    load: {
      type: 'string',
      value: 'FILE',
      multiple: true,
      help: "a load run's <scenario>-summary.json (repeatable): every k6 counter and threshold",
    },
    expect: {
      type: 'string',
      value: 'NAME==N|NAME>N',
      multiple: true,
      help: 'a condition on a k6 counter of every --load run, e.g. double_bookings==0',
    },
    certification: {
      type: 'string',
      value: 'FILE',
      help: "a certify run's results.json: one pvh_clause_verdict series per clause, its verdict",
    },
    dashboards: {
      type: 'boolean',
      help: "run every panel query of the shipped dashboards (variables: the runs' environment, All)",
    },
  },
  exitCodes: {
    0: 'everything arrived and agrees',
    1: 'a difference (each check prints a line)',
    2: 'usage error, or Prometheus cannot be asked',
  },
  crashExitCode: 2,
  run: async (values) => {
    if (!values.api) throw new CommandError('--api URL is required');
    const api = values.api;
    const lines: CheckLine[] = [];
    try {
      for (const file of values.load ?? []) lines.push(...(await checkLoadRun(api, file, values.expect ?? [])));
      if (values.certification) lines.push(...(await checkCertification(api, values.certification)));
      if (values.dashboards) {
        const first = values.certification ?? values.load?.[0];
        const environment = first
          ? ((JSON.parse(readFileSync(first, 'utf8')) as { environment?: string; run?: { environment: string } }).run
              ?.environment ?? 'local')
          : 'local';
        lines.push(...(await checkDashboardQueries(api, environment)));
      }
      lines.push({ ok: true, text: await storedTotals(api) });
    } catch (error) {
      throw new CommandError(`could not ask Prometheus at ${api}: ${(error as Error).message}`);
    }
    for (const l of lines) console.log(`prometheus:check: ${l.ok ? 'ok  ' : 'FAIL'} ${l.text}`);
    return lines.every((l) => l.ok) ? 0 : 1;
  },
});
