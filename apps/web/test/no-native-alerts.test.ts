import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** A call of the browser's alert (window.alert(…), alert(…), globalThis.alert(…)), outside comments. */
const NATIVE_ALERT = /(?<![\w.-])(?:(?:window|globalThis|self)\s*\.\s*)?alert\s*\(/;

describe('the web app', () => {
  it('never calls the native alert(): messages show in the page, where they can be read, styled and tested', () => {
    const files = sourceFiles(SRC);
    // The scan must find the sources, or it proves nothing.
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return code
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => NATIVE_ALERT.test(line))
        .map(({ line, number }) => `${path.relative(SRC, file)}:${number}: ${line.trim()}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the scan recognises the forms of a native alert call', () => {
    for (const call of ['window.alert("x")', 'alert(message)', 'globalThis.alert (x)', '  window .alert(x)']) {
      expect(NATIVE_ALERT.test(call), call).toBe(true);
    }
    for (const other of ['role="alert"', "getByRole('alert')", 'showAlert(x)', 'onAlert()', 'tone="alert"']) {
      expect(NATIVE_ALERT.test(other), other).toBe(false);
    }
  });
});
