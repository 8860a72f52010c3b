import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { purchaseResult } from '@sayso/contract/pricing';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/http/errors.js';
import { buildTestApp } from './helpers/build-app.js';

// The layering of docs/architecture.md, checked so that it cannot drift silently. The import rules
// (domains through their public surface, web feature isolation, SQL packages only in repositories,
// routes never reaching a repository, engines below domains) are dependency-cruiser's
// (.dependency-cruiser.cjs, `npm run check:architecture`); this file shows each of them catches a
// planted violation, and keeps what an import graph cannot say: domain-level cycles, query calls on
// a Kysely handle, handler length, and the response schemas.

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

/** A call that declares a route: app.get/post/put/delete/patch or app.route. */
const ROUTE_CALL = /\bapp\.(get|post|put|delete|patch|route)\s*\(/;

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

const REPO = path.resolve(import.meta.dirname, '../../..');
const DEPCRUISE = path.join(REPO, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
/** What `npm run check:architecture` cruises. */
const CRUISED = ['apps/server/src', 'apps/web/src'];

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { from: string; to: string; rule: { name: string } }[] };
}

/**
 * Runs `npm run check:architecture`'s dependency-cruiser, with the repository's config, on the
 * tree under `cwd` (the repository itself, or a planted copy of its layout).
 */
function cruise(cwd: string): CruiseResult {
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, '--config', path.join(REPO, '.dependency-cruiser.cjs'), '--output-type', 'json', ...CRUISED],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as CruiseResult;
}

/** One planted file per broken rule, beside files that use what each rule allows. */
const PLANTED: Record<string, string> = {
  // Domains: beta's public surface, and its insides.
  'apps/server/src/domains/beta/index.ts': "export { betaService } from './service.js';\n",
  'apps/server/src/domains/beta/service.ts':
    "import { sql } from 'kysely';\nimport { findBeta } from './repository.js';\nexport const betaService = { findBeta, sql };\n",
  'apps/server/src/domains/beta/repository.ts':
    "import { sql } from 'kysely';\nexport const findBeta = () => sql`select 1`;\n",
  'apps/server/src/domains/beta/extra-routes.ts': "export { findBeta } from './repository.js';\n",
  'apps/server/src/domains/beta/routes.ts': "export { betaService } from './service.js';\n",
  // Alpha uses beta through its surface (allowed) and through its repository (not).
  'apps/server/src/domains/alpha/service.ts':
    "import type { Kysely } from 'kysely';\nimport { betaService } from '../beta/index.js';\nexport type Db = Kysely<object>;\nexport const alpha = betaService;\n",
  'apps/server/src/domains/alpha/reach-in.ts': "export { findBeta } from '../beta/repository.js';\n",
  'apps/server/src/domains/alpha/queue.ts':
    "import pg from 'pg';\nimport { PgBoss } from 'pg-boss';\nexport const boss = [PgBoss, pg];\n",
  'apps/server/src/engines/engine.ts': "export { alpha } from '../domains/alpha/service.js';\n",
  // Web: a feature may use lib/ and itself; not another feature (by alias or path), nor app/.
  'apps/web/src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'apps/web/src/lib/reach-up.ts': "export { two } from '../features/two/two';\n",
  'apps/web/src/app/shell.tsx': "export { one } from '@/features/one/one';\n",
  'apps/web/src/features/one/one.ts':
    "import { format } from '@/lib/format';\nimport { helper } from './helper';\nexport const one = format(helper);\n",
  'apps/web/src/features/one/helper.ts': 'export const helper = 1;\n',
  'apps/web/src/features/one/cross.ts': "export { two } from '@/features/two/two';\n",
  'apps/web/src/features/one/up.ts': "export { one } from '../../app/shell';\n",
  'apps/web/src/features/two/two.ts': 'export const two = 2;\n',
};

/** Writes the planted tree, with the repository's tsconfigs (the web alias) and packages beside it. */
function plantTree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sayso-architecture-'));
  for (const [file, text] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  copyFileSync(path.join(REPO, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  copyFileSync(path.join(REPO, 'apps/web/tsconfig.json'), path.join(root, 'apps/web/tsconfig.json'));
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

const domainOf = (file: string) => /^apps\/server\/src\/domains\/([^/]+)\//.exec(file)?.[1];

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

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('reports each planted violation, and nothing a rule allows', () => {
    const root = plantTree();
    try {
      const reported = cruise(root)
        .summary.violations.map(
          ({ rule, from, to }) =>
            `${rule.name}: ${from} -> ${to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1')}`,
        )
        .sort();
      expect(reported).toEqual(
        [
          'domain-public-surface: apps/server/src/domains/alpha/reach-in.ts -> apps/server/src/domains/beta/repository.ts',
          'engines-never-import-domains: apps/server/src/engines/engine.ts -> apps/server/src/domains/alpha/service.ts',
          'routes-call-services: apps/server/src/domains/beta/extra-routes.ts -> apps/server/src/domains/beta/repository.ts',
          'sql-in-repositories: apps/server/src/domains/alpha/queue.ts -> pg',
          'sql-in-repositories: apps/server/src/domains/alpha/queue.ts -> pg-boss',
          'sql-in-repositories: apps/server/src/domains/beta/service.ts -> kysely',
          'web-feature-isolation: apps/web/src/features/one/cross.ts -> apps/web/src/features/two/two.ts',
          'web-feature-isolation: apps/web/src/features/one/up.ts -> apps/web/src/app/shell.tsx',
          'web-shared-code-stays-shared: apps/web/src/lib/reach-up.ts -> apps/web/src/features/two/two.ts',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('finds no violation in the real tree, and no domain imports another in a cycle', () => {
    const result = cruise(REPO);
    expect(result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`)).toEqual([]);
    // A domain-level cycle (A -> B -> A through different files) is no module cycle, so no rule sees it.
    const graph = new Map<string, Set<string>>();
    for (const { source, dependencies } of result.modules) {
      const from = domainOf(source);
      if (!from) continue;
      const targets = graph.get(from) ?? new Set<string>();
      graph.set(from, targets);
      for (const { resolved } of dependencies) {
        const to = domainOf(resolved);
        if (to && to !== from) targets.add(to);
      }
    }
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  }, 120_000);
});

describe('architecture', () => {
  /**
   * Where a Kysely handle may build queries. dependency-cruiser sees imports, not calls: a service
   * handed a `Kysely` (a type-only import, which is allowed) could still query through it.
   */
  const isSqlHome = (file: string) => /(^|\/|-)repository\.ts$/.test(file) || /^(db|jobs)\//.test(file);
  const SQL_CALLS: [string, RegExp][] = [
    ['.selectFrom(', /\.selectFrom\(/],
    ['.insertInto(', /\.insertInto\(/],
    ['.updateTable(', /\.updateTable\(/],
    ['.deleteFrom(', /\.deleteFrom\(/],
    ['.mergeInto(', /\.mergeInto\(/],
    ['.executeQuery(', /\.executeQuery\(/],
    ['sql`', /\bsql(<[^>]*>)?`/],
    ['.transaction()', /\.transaction\(\)/],
  ];

  it('no query is built outside repositories, db/ and jobs/', () => {
    const offenders = sourceFiles()
      .filter((file) => !isSqlHome(file))
      .flatMap((file) => {
        const code = codeOnly(read(file));
        // codeOnly blanks template literals, so sql`` is looked for in the source without comments.
        const withoutComments = read(file)
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        const used = SQL_CALLS.filter(([name, pattern]) => pattern.test(name === 'sql`' ? withoutComments : code)).map(
          ([name]) => name,
        );
        return used.length > 0 ? [`${file}: ${used.join(', ')}`] : [];
      });
    expect(offenders, 'move these queries into a repository.ts or <name>-repository.ts').toEqual([]);
  });

  it('no route handler is longer than 40 lines, in any file that declares routes', () => {
    const routeFiles = sourceFiles().filter((file) => ROUTE_CALL.test(codeOnly(read(file))));
    const handlers = routeFiles.flatMap(routeHandlers);
    // The scan must find the routes, or it proves nothing.
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(handlers.length).toBeGreaterThan(routeFiles.length);
    const long = handlers.filter((h) => h.lines > 40).map((h) => `${h.route}: ${h.lines} lines`);
    expect(long, 'move the work into the domain service').toEqual([]);
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
    'GET /api/projects/{projectId}/export/{format}': "a project's ZIP, MP3, WAV or FLAC attachment",
    'GET /api/projects/{projectId}/chapters/{chapterId}/subtitles.{format}': "a chapter's SRT or WebVTT attachment",
    'GET /elevenlabs/v1/projects/{projectId}/export/{format}': "a project's ZIP, MP3, WAV or FLAC attachment",
    'GET /elevenlabs/v1/projects/{projectId}/chapters/{chapterId}/subtitles.{format}':
      "a chapter's SRT or WebVTT attachment",
    'GET /api/account/export': "the user's data as a ZIP attachment, streamed as it is written",
    'POST /elevenlabs/v1/text-to-dialogue/': 'audio bytes of every line, in the asked output_format',
    'POST /elevenlabs/v1/text-to-dialogue/stream': 'audio bytes, streamed as the lines are spoken',
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
        expect(drifted.json()).toMatchObject({ error: 'Internal server error' });
      }
      // A field the schema does not name never reaches the wire.
      expect((await answer('/extra')).json()).toEqual(right);
    } finally {
      await app.close();
    }
  });
});
