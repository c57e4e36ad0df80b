/**
 * Allure's results writer without an fsync per file. allure-js-commons syncs every result and
 * attachment to disk inside Playwright's runner process, which held the runner (and with it the
 * next test's dispatch) about two seconds a run on this project's machine. A report is made again
 * by running again, never recovered from a power loss; each file is still written whole (a
 * temporary file, renamed), so a reader never sees half of one. The rare files (environment,
 * categories) go through Allure's own writer.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileSystemWriter, type Writer } from 'allure-js-commons/sdk/reporter';

type Params<K extends keyof Writer> = Parameters<Writer[K]>;

export class ResultsWriter implements Writer {
  private readonly rare: FileSystemWriter;

  constructor(private readonly resultsDir: string) {
    this.rare = new FileSystemWriter({ resultsDir });
  }

  writeResult(...[result]: Params<'writeResult'>): void {
    this.publish(`${result.uuid}-result.json`, (tmp) => writeFileSync(tmp, JSON.stringify(result), 'utf-8'));
  }

  writeGroup(...[result]: Params<'writeGroup'>): void {
    this.publish(`${result.uuid}-container.json`, (tmp) => writeFileSync(tmp, JSON.stringify(result), 'utf-8'));
  }

  writeAttachment(...[name, content]: Params<'writeAttachment'>): void {
    this.publish(name, (tmp) => writeFileSync(tmp, content));
  }

  writeAttachmentFromPath(...[name, from]: Params<'writeAttachmentFromPath'>): void {
    this.publish(name, (tmp) => copyFileSync(from, tmp));
  }

  writeGlobals(...[name, info]: Params<'writeGlobals'>): void {
    this.publish(name, (tmp) => writeFileSync(tmp, JSON.stringify(info), 'utf-8'));
  }

  writeEnvironmentInfo(...args: Params<'writeEnvironmentInfo'>): void {
    this.rare.writeEnvironmentInfo(...args);
  }

  writeCategoriesDefinitions(...args: Params<'writeCategoriesDefinitions'>): void {
    this.rare.writeCategoriesDefinitions(...args);
  }

  private publish(name: string, write: (tmp: string) => void): void {
    mkdirSync(this.resultsDir, { recursive: true });
    const tmp = path.join(this.resultsDir, `.allure-write-${randomUUID()}.tmp`);
    try {
      write(tmp);
      renameSync(tmp, path.join(this.resultsDir, name));
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
  }
}
