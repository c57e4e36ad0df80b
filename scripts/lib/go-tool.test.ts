import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { goBuildEnv, proxiesOf } from './go-tool.ts';

test('the module proxy comes from the GOPROXY list, without its direct and off entries', () => {
  expect(proxiesOf('https://proxy.example.test,direct\n')).toBe('https://proxy.example.test');
  expect(proxiesOf('https://a.example.test|https://b.example.test,off')).toBe('https://a.example.test|https://b.example.test');
  expect(proxiesOf('direct')).toBeUndefined();
  expect(proxiesOf('off')).toBeUndefined();
  expect(proxiesOf('')).toBeUndefined();
  expect(goBuildEnv('https://a.example.test,direct').GOPROXY).toBe('https://a.example.test');
});

test('no proxy configured: the build keeps Go\'s own setting instead of naming a host', () => {
  const saved = process.env.GOPROXY;
  delete process.env.GOPROXY;
  try {
    expect(goBuildEnv('direct').GOPROXY).toBeUndefined();
  } finally {
    if (saved !== undefined) process.env.GOPROXY = saved;
  }
});

test('the Go tool helper names no host of its own (the proxy is the machine\'s)', () => {
  const source = readFileSync(new URL('./go-tool.ts', import.meta.url), 'utf8');
  expect(source).not.toMatch(/https?:\/\/|\b[a-z0-9-]+\.(org|com|io|net|dev)\b/i);
});
