/**
 * The shipped Grafana dashboards: built from the modules beside this one and committed as JSON
 * (import them in Grafana: Dashboards > New > Import). `npm run dashboards` writes them,
 * `-- --check` says whether the committed files are stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../fixtures/harness/support/project-root.ts';
import { conformanceDashboard } from './conformance-dashboard.ts';
import { loadDashboard } from './load-dashboard.ts';

export const DASHBOARD_DIR = path.join(PROJECT_ROOT, 'reporters', 'prometheus', 'dashboards');

export const DASHBOARDS = {
  'pvh-load.json': loadDashboard,
  'pvh-conformance.json': conformanceDashboard,
} as const;

/** Each dashboard file's name and its JSON text. */
export function renderDashboards(): Array<{ file: string; text: string }> {
  return Object.entries(DASHBOARDS).map(([file, build]) => {
    const dashboard = build().build();
    // Grafana keys panels (and their links) by id: number rows and panels in order.
    dashboard.panels?.forEach((p, i) => (p.id = i + 1));
    return { file: path.join(DASHBOARD_DIR, file), text: `${JSON.stringify(dashboard, null, 2)}\n` };
  });
}

/** Writes the dashboards (or, with `check`, only compares); returns the files that were stale. */
export function writeDashboards(check: boolean): string[] {
  const stale = renderDashboards().filter(({ file, text }) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
  if (!check) for (const { file, text } of stale) writeFileSync(file, text);
  return stale.map((s) => s.file);
}

/** Every PromQL expression of every shipped dashboard, with the panel it belongs to. */
export function dashboardQueries(): Array<{ dashboard: string; panel: string; expr: string; instant: boolean }> {
  return renderDashboards().flatMap(({ file, text }) => {
    const d = JSON.parse(text) as {
      panels?: Array<{ title?: string; targets?: Array<{ expr?: string; instant?: boolean }> }>;
    };
    return (d.panels ?? []).flatMap((p) =>
      (p.targets ?? [])
        .filter((t) => t.expr)
        .map((t) => ({ dashboard: path.basename(file), panel: p.title ?? '', expr: t.expr!, instant: !!t.instant })),
    );
  });
}
