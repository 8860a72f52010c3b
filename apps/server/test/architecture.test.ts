import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { purchaseResult } from '@sayso/contract/pricing';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/http/errors.js';
import { buildTestApp } from './helpers/build-app.js';

// The layering of docs/architecture.md, checked on the source so that it cannot drift silently:
// routes.ts (HTTP only), service.ts (rules), repository.ts (the only SQL).

const SRC = path.resolve(import.meta.dirname, '../src');

/** Every TypeScript file under src, as a path relative to src with forward slashes. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
}

const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

/**
 * The source with the contents of comments, strings, template literals and regular expressions
 * blanked out (newlines kept), so offsets and line numbers still match the original and brackets
 * in text never confuse a bracket count.
 */
function codeOnly(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) if (out[k] !== '\n') out[k] = ' ';
  };
  // Each open template literal, and for each `${` inside one, the brace depth of its expression.
  const stack: ({ kind: 'template' } | { kind: 'expression'; depth: number })[] = [];
  let lastSignificant = '';
  let i = 0;
  while (i < source.length) {
    const top = stack.at(-1);
    const c = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (top?.kind === 'template') {
      if (c === '\\') {
        blank(i, i + 2);
        i += 2;
      } else if (c === '`') {
        stack.pop();
        blank(i, i + 1);
        i += 1;
        lastSignificant = '`';
      } else if (c === '$' && next === '{') {
        stack.push({ kind: 'expression', depth: 0 });
        blank(i, i + 2);
        i += 2;
        lastSignificant = '{';
      } else {
        blank(i, i + 1);
        i += 1;
      }
      continue;
    }
    let end = i + 1;
    if (c === '/' && next === '/') {
      end = source.indexOf('\n', i);
      if (end === -1) end = source.length;
      blank(i, end);
    } else if (c === '/' && next === '*') {
      end = source.indexOf('*/', i + 2) + 2;
      if (end === 1) end = source.length;
      blank(i, end);
    } else if (c === "'" || c === '"') {
      end = i + 1;
      while (end < source.length && source[end] !== c) end += source[end] === '\\' ? 2 : 1;
      end += 1;
      blank(i, end);
      lastSignificant = c;
    } else if (c === '`') {
      stack.push({ kind: 'template' });
      blank(i, end);
    } else if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant))) {
      // A regular expression literal: it starts where an expression may start.
      let inClass = false;
      end = i + 1;
      while (end < source.length && (inClass || source[end] !== '/') && source[end] !== '\n') {
        if (source[end] === '\\') end += 1;
        else if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += 1;
      }
      end += 1;
      while (/[a-z]/.test(source[end] ?? '')) end += 1;
      blank(i, end);
      lastSignificant = '/';
    } else if (top?.kind === 'expression' && c === '{') {
      top.depth += 1;
      lastSignificant = c;
    } else if (top?.kind === 'expression' && c === '}') {
      if (top.depth === 0) {
        stack.pop();
        blank(i, end);
      } else {
        top.depth -= 1;
      }
      lastSignificant = c;
    } else if (!/\s/.test(c)) {
      lastSignificant = c;
    }
    i = end;
  }
  return out.join('');
}

const OPENING = '([{';
const CLOSING = ')]}';

/** The offset just past the bracket that closes the one at `open`, in code made by codeOnly. */
function closingBracket(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    const c = code[i] ?? '';
    if (OPENING.includes(c)) depth += 1;
    else if (CLOSING.includes(c)) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced bracket at offset ${open}`);
}

/**
 * The top-level, comma-separated pieces between two offsets, as [start, end] offset pairs; `code`
 * (from codeOnly) finds the commas, `source` tells an empty piece (after a trailing comma) from a string.
 */
function topLevelPieces(code: string, source: string, from: number, to: number): [number, number][] {
  const pieces: [number, number][] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i += 1) {
    const c = code[i] ?? '';
    if (OPENING.includes(c)) depth += 1;
    else if (CLOSING.includes(c)) depth -= 1;
    else if (c === ',' && depth === 0) {
      pieces.push([start, i]);
      start = i + 1;
    }
  }
  pieces.push([start, to]);
  return pieces.filter(([a, b]) => source.slice(a, b).trim() !== '');
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** How many lines a piece of source spans, from its first to its last non-blank character. */
function lineSpan(source: string, [from, to]: [number, number]): number {
  const text = source.slice(from, to);
  const first = from + (text.length - text.trimStart().length);
  const last = to - (text.length - text.trimEnd().length);
  return lineOf(source, last) - lineOf(source, first) + 1;
}

interface RouteHandler {
  route: string;
  lines: number;
}

/** Every route a routes file declares with app.get/post/put/delete/patch or app.route, and its handler's length. */
function routeHandlers(file: string): RouteHandler[] {
  const source = read(file);
  const code = codeOnly(source);
  const handlers: RouteHandler[] = [];
  for (const call of code.matchAll(/\bapp\.(get|post|put|delete|patch|route)\s*\(/g)) {
    const method = call[1] ?? '';
    const open = (call.index ?? 0) + call[0].length - 1;
    const args = topLevelPieces(code, source, open + 1, closingBracket(code, open) - 1);
    const where = `${file}:${lineOf(source, call.index ?? 0)}`;
    if (method === 'route') {
      // app.route({ method, url, handler }): the handler is the object's `handler` property.
      const [object] = args;
      if (!object) continue;
      const properties = topLevelPieces(
        code,
        source,
        object[0] + code.slice(object[0]).indexOf('{') + 1,
        object[1] - 1,
      );
      const handler = properties.find(([a, b]) => /^\s*handler\b/.test(code.slice(a, b)));
      const url = properties.map(([a, b]) => /^\s*url\s*:\s*(.+)$/s.exec(source.slice(a, b))?.[1]).find(Boolean);
      if (handler) handlers.push({ route: `ROUTE ${url?.trim() ?? '?'} (${where})`, lines: lineSpan(source, handler) });
      continue;
    }
    const [url, , ...rest] = args;
    const handler = rest.at(-1) ?? args.at(-1);
    if (!url || !handler) continue;
    handlers.push({
      route: `${method.toUpperCase()} ${source.slice(url[0], url[1]).trim()} (${where})`,
      lines: lineSpan(source, namedDefinition(code, source, handler) ?? handler),
    });
  }
  return handlers;
}

/**
 * A handler passed by name (`readTask`) is measured where it is defined in the same file
 * (`const readTask = ...` or `function readTask(...) {...}`), so naming a long handler hides nothing.
 */
function namedDefinition(code: string, source: string, [from, to]: [number, number]): [number, number] | null {
  const name = source.slice(from, to).trim();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return null;
  const definition = new RegExp(`\\b(const|let|function)\\s+${name}\\b`).exec(code);
  if (!definition) return null;
  // A const ends at its statement's semicolon, a function declaration at its body's closing brace.
  const endsAt = definition[1] === 'function' ? '}' : ';';
  let depth = 0;
  for (let i = definition.index; i < code.length; i += 1) {
    const c = code[i] ?? '';
    if (OPENING.includes(c)) depth += 1;
    else if (CLOSING.includes(c)) depth -= 1;
    if (depth === 0 && c === endsAt) return [definition.index, i + 1];
  }
  return null;
}

/** The files under src a file imports, as paths relative to src (packages are left out). */
function importsOf(file: string): string[] {
  const specifiers = [...read(file).matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1] ?? '');
  return specifiers.map((specifier) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts'),
  );
}

const domainOf = (file: string) => /^domains\/([^/]+)\//.exec(file)?.[1];

/** Every cycle in a directed graph, each as the list of its nodes with the first repeated at the end. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at !== -1) {
      const cycle = trail.slice(at);
      // One report per cycle, however it is entered.
      const key = [...cycle].sort().join(' ');
      if (!found.has(key)) found.set(key, [...cycle, node]);
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return [...found.values()];
}

describe('architecture', () => {
  /**
   * Files that may build queries although they are not repositories, each with its reason. An
   * entry ending in '/' covers a folder.
   */
  const SQL_ALLOWED: Record<string, string> = {
    'db/migrations/': 'migrations are SQL by nature',
    'db/migrate.ts': 'applies the migrations in one transaction under an advisory lock, before any repository exists',
  };
  const SQL_PATTERNS: [string, RegExp][] = [
    ['.selectFrom(', /\.selectFrom\(/],
    ['.insertInto(', /\.insertInto\(/],
    ['.updateTable(', /\.updateTable\(/],
    ['.deleteFrom(', /\.deleteFrom\(/],
    ['.mergeInto(', /\.mergeInto\(/],
    ['sql`', /\bsql(<[^>]*>)?`/],
    ['.transaction()', /\.transaction\(\)/],
  ];

  it('no SQL outside repository files', () => {
    const isRepository = (file: string) => /(^|\/|-)repository\.ts$/.test(file);
    const isAllowed = (file: string) =>
      Object.keys(SQL_ALLOWED).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    const offenders = sourceFiles()
      .filter((file) => !isRepository(file) && !isAllowed(file))
      .flatMap((file) => {
        // Comments may name a query method; strings (not templates, where sql`` lives) cannot hold one.
        const source = read(file)
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        const used = SQL_PATTERNS.filter(([, pattern]) => pattern.test(source)).map(([name]) => name);
        return used.length > 0 ? [`${file}: ${used.join(', ')}`] : [];
      });
    expect(offenders, 'move these queries into a repository.ts or <name>-repository.ts').toEqual([]);
    const stale = Object.keys(SQL_ALLOWED).filter((entry) => !existsSync(path.join(SRC, entry)));
    expect(stale, 'allow-list entries that name nothing').toEqual([]);
  });

  it('no route handler is longer than 40 lines', () => {
    const routeFiles = sourceFiles().filter((file) => file.endsWith('/routes.ts'));
    const handlers = routeFiles.flatMap(routeHandlers);
    // The scan must find the routes, or it proves nothing.
    expect(handlers.length).toBeGreaterThan(routeFiles.length);
    const long = handlers.filter((h) => h.lines > 40).map((h) => `${h.route}: ${h.lines} lines`);
    expect(long, 'move the work into the domain service').toEqual([]);
  });

  it('no domain imports another domain in a cycle', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of sourceFiles()) {
      const from = domainOf(file);
      if (!from) continue;
      const targets = graph.get(from) ?? new Set<string>();
      graph.set(from, targets);
      for (const imported of importsOf(file)) {
        const to = domainOf(imported);
        if (to && to !== from) targets.add(to);
      }
    }
    expect(graph.size).toBeGreaterThan(1);
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('engines never import domains', () => {
    const offenders = sourceFiles()
      .filter((file) => file.startsWith('engines/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((imported) => domainOf(imported))
          .map((imported) => `${file} -> ${imported}`),
      );
    expect(offenders).toEqual([]);
  });

  /**
   * Routes that answer something other than JSON on success, each with its reason. The better-auth
   * bridge (/api/auth/*) is hidden from the description, so it needs no entry.
   */
  const NOT_JSON: Record<string, string> = {
    'GET /api/me/events': 'a server-sent event stream',
    'GET /api/files/tasks/{taskId}/{name}': "a task's MP3 or SRT file, with byte ranges",
    'GET /api/voices/{voiceId}/preview.mp3': "a preset voice's spoken sample (MP3)",
    'GET /api/voice/{id}/sample.mp3': "a cloned voice's spoken sample (MP3)",
    'POST /elevenlabs/v1/text-to-speech/{voice_id}': 'audio bytes in the asked output_format',
    'POST /elevenlabs/v1/text-to-speech/{voice_id}/stream': 'audio bytes, streamed as they are spoken',
    'POST /elevenlabs/v1/text-to-speech/{voice_id}/stream/with-timestamps':
      'lines of JSON, streamed as they are spoken',
    'POST /openai/v1/audio/speech': 'audio bytes, or server-sent events, streamed as they are spoken',
    'GET /api/history/{id}/audio.mp3': "a generation's MP3, with byte ranges",
    'GET /api/history/{id}/download/{format}': 'a generation as an MP3, SRT or WebVTT attachment',
    'GET /api/history/{id}/takes/{takeId}/audio.mp3': "one take's MP3, with byte ranges",
    'DELETE /api/history/{id}': 'no content (204)',
    'DELETE /api/admin/models/{name}': 'no content (204)',
  };

  it('every JSON route declares a response schema', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const routes = Object.entries(paths).flatMap(([url, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${url}`, operation })),
    );
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes
      .filter(({ route }) => !(route in NOT_JSON))
      .filter(({ operation }) =>
        Object.entries(operation.responses ?? {}).every(
          ([status, answer]) => !/^2\d\d$/.test(status) || answer.content?.['application/json']?.schema === undefined,
        ),
      )
      .map(({ route }) => route);
    expect(missing, 'declare a 2xx response schema from @sayso/contract, or list the route in NOT_JSON').toEqual([]);
    const stale = Object.keys(NOT_JSON).filter((route) => !routes.some((r) => r.route === route));
    expect(stale, 'NOT_JSON entries that name no route').toEqual([]);
  });

  it('a response that drifts from its schema is refused', async () => {
    // The same compilers and error handler as buildApp: the guard every real route relies on.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const right = {
      purchaseId: 'p-1',
      packId: 'starter',
      credits: 1_000_000,
      price: 3_000,
      currency: 'PKR',
      balance: 0,
      creditsAfter: 1_010_000,
    };
    const schema = { response: { 200: purchaseResult } };
    app.get('/right', { schema }, async () => right);
    app.get('/drifted', { schema }, async () => ({ ...right, credits: 'a million' }));
    app.get('/incomplete', { schema }, async () => ({ purchaseId: 'p-1' }));
    app.get('/extra', { schema }, async () => ({ ...right, internalNote: 'not for the wire' }));
    try {
      const answer = (url: string) => app.inject({ method: 'GET', url });
      expect((await answer('/right')).json()).toEqual(right);
      for (const url of ['/drifted', '/incomplete']) {
        const drifted = await answer(url);
        expect(drifted.statusCode, url).toBe(500);
        expect(drifted.json()).toEqual({ error: 'Internal server error' });
      }
      // A field the schema does not name never reaches the wire.
      expect((await answer('/extra')).json()).toEqual(right);
    } finally {
      await app.close();
    }
  });
});
