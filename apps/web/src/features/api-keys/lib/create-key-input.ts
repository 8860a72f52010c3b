import { API_KEY_SCOPES, type ApiKeyCreate, type ApiKeyScope, apiKeyCreate } from '@sayso/contract/api-keys';
import { formatCredits } from '@/lib/format';

/** What the create form holds: the cap is the text typed, blank for no cap. */
export interface CreateKeyDraft {
  name: string;
  scopes: readonly ApiKeyScope[];
  monthlyCap: string;
}

export type CreateKeyField = 'name' | 'scopes' | 'monthlyCap';
export type CreateKeyProblems = Partial<Record<CreateKeyField, string>>;

export const EMPTY_DRAFT: CreateKeyDraft = { name: '', scopes: API_KEY_SCOPES, monthlyCap: '' };

const CAP_NOT_A_NUMBER = 'The monthly cap must be a whole number';
/**
 * The contract's own ceiling, read from its schema so the two cannot drift apart (zod types it as
 * possibly null, for a schema without a maximum; this one has one).
 */
const MAX_CAP = apiKeyCreate.shape.monthlyCharacterCap.unwrap().unwrap().maxValue ?? Number.POSITIVE_INFINITY;
const CAP_TOO_BIG = `The monthly cap can be at most ${formatCredits(MAX_CAP)} characters`;

/** The cap as a number, NaN when it is not a whole number; blank means no cap. Separators are allowed (10,000). */
function readCap(text: string): number | null {
  const plain = text.trim().replace(/[,_\s]/g, '');
  if (plain === '') return null;
  return /^-?\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/** What is wrong with the typed cap before the schema sees it, if anything. */
function capProblem(cap: number | null): string | undefined {
  if (cap === null) return undefined;
  if (Number.isNaN(cap)) return CAP_NOT_A_NUMBER;
  return cap > MAX_CAP ? CAP_TOO_BIG : undefined;
}

/**
 * Turns the form into the create request, checked by the contract's own schema so the form and the
 * server cannot disagree on the rules; each problem is keyed by the field it is shown beside.
 */
export function readCreateKeyDraft(
  draft: CreateKeyDraft,
): { ok: true; request: ApiKeyCreate } | { ok: false; problems: CreateKeyProblems } {
  const cap = readCap(draft.monthlyCap);
  const problems: CreateKeyProblems = {};
  const ownCapProblem = capProblem(cap);
  if (ownCapProblem) problems.monthlyCap = ownCapProblem;
  // Scopes keep the contract's order, whatever order they were ticked in.
  const scopes = API_KEY_SCOPES.filter((scope) => draft.scopes.includes(scope));
  const parsed = apiKeyCreate.safeParse({ name: draft.name, scopes, monthlyCharacterCap: ownCapProblem ? null : cap });
  if (parsed.success && !ownCapProblem) return { ok: true, request: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return { ok: false, problems };
}

const FIELD_OF: Record<string, CreateKeyField> = {
  name: 'name',
  scopes: 'scopes',
  monthlyCharacterCap: 'monthlyCap',
};
