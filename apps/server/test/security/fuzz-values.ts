import type { JsonSchema } from './api-description.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Values for the fuzz: valid ones generated from a route's JSON schema (so a request can get past
 * validation to the rules and the database), and hostile ones that each name their kind, so a
 * failure report says what broke the route ("NUL byte", "unsafe integer", ...).
 */

/** Real values for fields of a given name (ids of existing things, voices that exist). */
export type Hints = Record<string, readonly unknown[]>;

export interface Labelled<T> {
  label: string;
  value: T;
}

const HEX = '0123456789abcdef';

function validString(schema: JsonSchema, random: SeededRandom): string {
  if (schema.format === 'uri') return 'https://example.com/callback';
  if (schema.format === 'email') return `${random.string(8)}@example.com`;
  if (schema.pattern === '^[a-f0-9]{32}$') return random.string(32, HEX);
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? min + 20, min + 20);
  const alphabet = schema.pattern?.includes('a-z0-9-') ? 'abcdefghijklmnopqrstuvwxyz0123456789-' : undefined;
  return random.string(random.int(min, Math.max(min, max)), alphabet);
}

/**
 * A value that satisfies the schema; for a field with hints, a real one with `hintChance` (so the
 * random part also tries made-up ids, while the sweep always gets as far as real ones go).
 */
export function validValue(
  schema: JsonSchema,
  random: SeededRandom,
  name: string,
  hints: Hints,
  hintChance = 0.6,
): unknown {
  const hinted = hints[name];
  if (hinted && random.chance(hintChance)) return random.pick(hinted);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return validValue(random.pick(variants), random, name, hints, hintChance);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, random);
    case 'integer': {
      const min = schema.minimum ?? 0;
      return random.int(min, Math.min(schema.maximum ?? min + 1000, min + 1000));
    }
    case 'number':
      return Math.round(random.next() * 200) / 100;
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: random.int(0, 3) }, () =>
        validValue(schema.items ?? {}, random, name, hints, hintChance),
      );
    case 'object':
      return validObject(schema, random, hints, hintChance);
    default:
      // A field the schema leaves open (`text`, `voice_id` of the speech routes): anything goes.
      return random.pick(['Hello there, this is a short text.', 'espeak-en-us-f2', 7, true]);
  }
}

export function validObject(
  schema: JsonSchema,
  random: SeededRandom,
  hints: Hints,
  hintChance = 0.6,
): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(name) || random.chance(0.7)) {
      object[name] = validValue(property, random, name, hints, hintChance);
    }
  }
  return object;
}

/** Hostile values of every JSON type. Each is built on demand: some are large. */
const HOSTILE_VALUES: [string, () => unknown][] = [
  ['empty string', () => ''],
  ['blank string', () => '   \t\n '],
  ['NUL byte in a string', () => 'a\u0000b'],
  ['only a NUL byte', () => '\u0000'],
  ['control characters', () => '\u0001\u0007\u001b[31m\u007f'],
  ['huge string (100,000 characters)', () => 'x'.repeat(100_000)],
  ['long string (5,000 characters)', () => 'y'.repeat(5_000)],
  ['emoji', () => '😀🎙️👩‍👩‍👧‍👦'.repeat(20)],
  ['lone surrogate', () => 'a\ud800b'],
  ['right-to-left override', () => '\u202eevil\u202c'],
  ['non-Latin text', () => 'Ωμέγα текст 中文 עברית'],
  ['path traversal', () => '../../../../etc/passwd'],
  ['SQL-looking text', () => "' OR 1=1; DROP TABLE users; --"],
  ['HTML', () => '<script>alert(1)</script>'],
  ['percent escapes', () => '%00%ZZ%'],
  ['numeric string NaN', () => 'NaN'],
  ['numeric string Infinity', () => 'Infinity'],
  ['numeric string 1e308', () => '1e308'],
  ['zero', () => 0],
  ['negative zero', () => -0],
  ['negative number', () => -1],
  ['fraction', () => 0.5],
  ['unsafe integer 2^53', () => 9_007_199_254_740_992],
  ['huge number 1e308', () => 1e308],
  ['huge negative number -1e308', () => -1e308],
  ['tiny number 5e-324', () => 5e-324],
  ['32-bit overflow 2^31', () => 2_147_483_648],
  ['true', () => true],
  ['false', () => false],
  ['null', () => null],
  ['empty array', () => []],
  ['array of values', () => ['a', 1, null]],
  ['empty object', () => ({})],
  ['object', () => ({ a: 1, b: 'two' })],
  ['nested arrays (200 levels)', () => nestedArray(200)],
];

/**
 * The values that broke routes before (issue 16): every field of every route gets each of them in
 * a fixed sweep, so their coverage does not depend on the luck of the draw.
 */
const SHARP_LABELS = [
  'NUL byte in a string',
  'lone surrogate',
  'huge string (100,000 characters)',
  'unsafe integer 2^53',
  'huge number 1e308',
  'nested arrays (200 levels)',
];

export function sharpValues(): Labelled<unknown>[] {
  return HOSTILE_VALUES.filter(([label]) => SHARP_LABELS.includes(label)).map(([label, make]) => ({
    label,
    value: make(),
  }));
}

export const SHARP_PATH_SEGMENTS: readonly Labelled<string>[] = [
  { label: 'NUL byte in a path parameter', value: 'a%00b' },
  { label: 'encoded lone surrogate in a path parameter', value: '%ED%A0%80' },
  { label: 'very long path parameter (10,000 characters)', value: 'b'.repeat(10_000) },
];

export function hostileValue(random: SeededRandom): Labelled<unknown> {
  const [label, make] = random.pick(HOSTILE_VALUES);
  return { label, value: make() };
}

function nestedArray(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** Percent-encodes the UTF-8 bytes of any string (encodeURIComponent throws on a lone surrogate). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path parameter spellings, already percent-encoded as they appear in a URL. */
const HOSTILE_PATH_SEGMENTS: [string, string][] = [
  ['NUL byte in a path parameter', 'a%00b'],
  ['only a NUL byte in a path parameter', '%00'],
  ['lone % in a path parameter', '%'],
  ['bad percent escape in a path parameter', '%ZZ'],
  ['overlong UTF-8 in a path parameter', '%C0%AE%C0%AE'],
  ['encoded lone surrogate in a path parameter', '%ED%A0%80'],
  ['encoded traversal in a path parameter', '..%2F..%2Fetc%2Fpasswd'],
  ['dot-dot path parameter', '..'],
  ['long path parameter (150 characters)', 'a'.repeat(150)],
  ['very long path parameter (10,000 characters)', 'b'.repeat(10_000)],
  ['emoji path parameter', '%F0%9F%98%80'],
  ['upper-case hex id', 'A'.repeat(32)],
  ['space in a path parameter', '%20'],
];

export function hostilePathSegment(random: SeededRandom): Labelled<string> {
  if (random.chance(0.35)) {
    const hostile = hostileValue(random);
    const text = typeof hostile.value === 'string' ? hostile.value : JSON.stringify(hostile.value);
    return { label: `${hostile.label} (encoded) in a path parameter`, value: percentEncode(text.slice(0, 20_000)) };
  }
  const [label, value] = random.pick(HOSTILE_PATH_SEGMENTS);
  return { label, value };
}

/** Whole query strings that no schema expects. */
const HOSTILE_QUERIES: [string, (names: string[]) => string][] = [
  ['repeated query parameter', (names) => names.map((n) => `${n}=1&${n}=2`).join('&')],
  ['bracketed query parameter', (names) => names.map((n) => `${n}[]=x&${n}[a]=y`).join('&')],
  ['NUL byte in a query value', (names) => names.map((n) => `${n}=a%00b`).join('&')],
  ['bad percent escape in a query value', (names) => names.map((n) => `${n}=%ZZ`).join('&')],
  ['empty query values', (names) => names.map((n) => `${n}=`).join('&')],
  ['bare query keys', (names) => names.join('&')],
  ['stray separators', () => '&&=&=='],
  ['numbers out of range', (names) => names.map((n) => `${n}=1e308`).join('&')],
  ['unsafe integers', (names) => names.map((n) => `${n}=9007199254740993`).join('&')],
  ['negative values', (names) => names.map((n) => `${n}=-1`).join('&')],
  ['unknown query parameter', () => 'unexpected=1&__proto__[x]=1'],
];

export function hostileQuery(random: SeededRandom, names: string[]): Labelled<string> {
  const [label, make] = random.pick(HOSTILE_QUERIES);
  return { label, value: make(names.length > 0 ? names : ['q']) };
}

/** A JSON text nested `depth` levels deep, as arrays or as objects. */
export function deeplyNestedJson(depth: number, objects: boolean): string {
  return objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

export const INVALID_JSON_TEXTS: readonly string[] = [
  '{"a":',
  '{',
  '}{',
  "{'single': 'quotes'}",
  '{"a":1,}',
  'undefined',
  'NaN',
  '\u0000',
  '{"text":"a\u0000b"}',
  '[1,2',
  '{"a":1}{"b":2}',
  '\ufeff{"bom":true}',
];
