/**
 * Config for `npx playwright merge-reports --config reporters/merge-reports.config.ts <blobs>` in the
 * sharded workflow: the main config's reporters (list/dot, JSON, JUnit, certification), with paths
 * made absolute (merge resolves them against this file's folder). The Allure reporter is left out:
 * allure-playwright 3.12.2 reads config.projects[0] in onConfigure, which a merge does not have, so
 * each shard's allure-results are copied together instead (they are one file per result).
 */
import { defineConfig, type ReporterDescription } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../playwright.config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const reporters = (base.reporter as ReporterDescription[])
  .filter(([name]) => !/allure|blob/.test(name))
  .map(([name, options]): ReporterDescription => [name.startsWith('.') ? path.resolve(ROOT, name) : name, options]);

export default defineConfig({ reporter: reporters });
