import { aliasRule, PLS_MAX_BYTES, phonemeRule, pronunciationRules } from '@sayso/contract/pronunciation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import type { PronunciationService } from '../../pronunciation/index.js';
import { type apiKeyGuard, principalWith } from '../principal.js';
import { ERRORS, TAGS } from './schemas.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type DictionaryVersion = Awaited<ReturnType<PronunciationService['get']>>;

interface PronunciationRouteDeps {
  pronunciation: PronunciationService;
  preHandler: ReturnType<typeof apiKeyGuard>;
}

const dictionaryId = z.object({ pronunciation_dictionary_id: z.string().trim().min(1).max(64) });
const versionParams = z.object({
  dictionary_id: z.string().trim().min(1).max(64),
  version_id: z.string().trim().min(1).max(64),
});

const fromRules = z.object({
  name: z.string().trim().min(1, { error: 'name must not be empty' }).max(100),
  description: z.string().trim().max(1000).nullish(),
  rules: pronunciationRules,
  /** ElevenLabs' workspace sharing; one user owns each dictionary here, so it has no effect. */
  workspace_access: z.string().nullish(),
});

const dictionaryMetadata = z.object({
  id: z.string(),
  latest_version_id: z.string(),
  latest_version_rules_num: z.number().int(),
  name: z.string(),
  permission_on_resource: z.literal('admin'),
  created_by: z.string(),
  creation_time_unix: z.number().int(),
  archived_time_unix: z.null(),
  description: z.string().nullable(),
});

const dictionaryWithRules = dictionaryMetadata.extend({
  rules: z.array(z.discriminatedUnion('type', [aliasRule, phonemeRule])),
});

const dictionaryAdded = z.object({
  id: z.string(),
  name: z.string(),
  created_by: z.string(),
  creation_time_unix: z.number().int(),
  version_id: z.string(),
  version_rules_num: z.number().int(),
  description: z.string().nullable(),
  permission_on_resource: z.literal('admin'),
});

const rulesChanged = z.object({ id: z.string(), version_id: z.string(), version_rules_num: z.number().int() });

const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  /** Accepted as the SDK sends them; dictionaries are listed newest first (docs/api.md). */
  sort: z.enum(['creation_time_unix', 'name']).optional(),
  sort_direction: z.string().optional(),
  include_archived: z.coerce.boolean().optional(),
});

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function metadataView(dictionary: DictionaryVersion): z.infer<typeof dictionaryMetadata> {
  return {
    id: dictionary.id,
    latest_version_id: dictionary.latest_version_id,
    latest_version_rules_num: dictionary.rules.length,
    name: dictionary.name,
    permission_on_resource: 'admin',
    created_by: dictionary.user_id,
    creation_time_unix: unixSeconds(dictionary.created_at),
    archived_time_unix: null,
    description: dictionary.description,
  };
}

function addedView(dictionary: DictionaryVersion): z.infer<typeof dictionaryAdded> {
  return {
    id: dictionary.id,
    name: dictionary.name,
    created_by: dictionary.user_id,
    creation_time_unix: unixSeconds(dictionary.created_at),
    version_id: dictionary.version_id,
    version_rules_num: dictionary.rules.length,
    description: dictionary.description,
    permission_on_resource: 'admin',
  };
}

const changedView = (dictionary: DictionaryVersion) => ({
  id: dictionary.id,
  version_id: dictionary.version_id,
  version_rules_num: dictionary.rules.length,
});

/** ElevenLabs' add-from-file form: `name`, `file` (a PLS document), `description`, `workspace_access`. */
async function readPlsForm(
  request: FastifyRequest,
): Promise<{ name: string; description: string | null; file: string }> {
  if (!request.isMultipart()) {
    throw AppError.withMessage('BAD_REQUEST', 'send the PLS file as multipart/form-data, in the field "file"');
  }
  const fields = new Map<string, string>();
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = bytes;
    } else if (typeof part.value === 'string') {
      fields.set(part.fieldname, part.value);
    }
  }
  const name = fields.get('name')?.trim();
  if (!name) throw AppError.withMessage('BAD_REQUEST', 'name must not be empty');
  if (!file || file.length === 0) throw new AppError('PLS_UNREADABLE', 'no file was sent in the field "file"');
  if (file.length > PLS_MAX_BYTES) {
    throw new AppError('PLS_UNREADABLE', `the file is larger than ${PLS_MAX_BYTES / 1024} KiB`);
  }
  return {
    name: name.slice(0, 100),
    description: fields.get('description')?.trim() || null,
    file: file.toString('utf8'),
  };
}

/**
 * ElevenLabs' pronunciation dictionaries: made from rules or a PLS file, listed, read, changed a
 * version at a time, and downloaded as PLS. Every call needs the `speech` scope: dictionaries
 * exist to change what is spoken.
 */
export function elevenLabsPronunciationRoutes(
  app: ZodApp,
  { pronunciation, preHandler }: PronunciationRouteDeps,
): void {
  const tags = TAGS;
  const userOf = (request: FastifyRequest) => principalWith(request, 'speech').userId;

  app.post(
    '/v1/pronunciation-dictionaries/add-from-rules',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'A pronunciation dictionary made from alias and phoneme rules',
        body: fromRules,
        response: { 200: dictionaryAdded, ...ERRORS },
      },
    },
    async (request) => addedView(await pronunciation.create(userOf(request), request.body)),
  );

  app.post(
    '/v1/pronunciation-dictionaries/add-from-file',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'A pronunciation dictionary made from a W3C PLS file (multipart: name, file, description)',
        response: { 200: dictionaryAdded, ...ERRORS },
      },
    },
    async (request) => {
      const userId = userOf(request);
      return addedView(await pronunciation.importPls(userId, await readPlsForm(request)));
    },
  );

  app.get(
    '/v1/pronunciation-dictionaries',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Your pronunciation dictionaries, newest first, a page at a time',
        querystring: listQuery,
        response: {
          200: z.object({
            pronunciation_dictionaries: z.array(dictionaryMetadata),
            next_cursor: z.string().nullable(),
            has_more: z.boolean(),
          }),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const page = await pronunciation.list(userOf(request), {
        size: request.query.page_size,
        cursor: request.query.cursor,
      });
      return {
        pronunciation_dictionaries: page.dictionaries.map(metadataView),
        next_cursor: page.nextCursor,
        has_more: page.nextCursor !== null,
      };
    },
  );

  app.get(
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'One pronunciation dictionary, with the rules of its latest version',
        params: dictionaryId,
        response: { 200: dictionaryWithRules, ...ERRORS },
      },
    },
    async (request) => {
      const dictionary = await pronunciation.get(userOf(request), request.params.pronunciation_dictionary_id);
      return { ...metadataView(dictionary), rules: dictionary.rules };
    },
  );

  const ruleChanges = {
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/add-rules': {
      summary: 'Add rules (a new version); a rule for the same text replaces the old one',
      body: z.object({ rules: pronunciationRules }),
      change: (userId: string, id: string, body: { rules: z.output<typeof pronunciationRules> }) =>
        pronunciation.addRules(userId, id, body.rules),
    },
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/set-rules': {
      summary: 'Replace every rule (a new version)',
      body: z.object({ rules: pronunciationRules }),
      change: (userId: string, id: string, body: { rules: z.output<typeof pronunciationRules> }) =>
        pronunciation.replaceRules(userId, id, body.rules),
    },
  };
  for (const [url, route] of Object.entries(ruleChanges)) {
    app.post(
      url,
      {
        preValidation: preHandler,
        schema: {
          tags,
          summary: route.summary,
          params: dictionaryId,
          body: route.body,
          response: { 200: rulesChanged, ...ERRORS },
        },
      },
      async (request) =>
        changedView(await route.change(userOf(request), request.params.pronunciation_dictionary_id, request.body)),
    );
  }

  app.post(
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/remove-rules',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Remove the rules for these texts (a new version)',
        params: dictionaryId,
        body: z.object({ rule_strings: z.array(z.string().max(200)).max(1000) }),
        response: { 200: rulesChanged, ...ERRORS },
      },
    },
    async (request) =>
      changedView(
        await pronunciation.removeRules(
          userOf(request),
          request.params.pronunciation_dictionary_id,
          request.body.rule_strings,
        ),
      ),
  );

  app.get(
    '/v1/pronunciation-dictionaries/:dictionary_id/:version_id/download',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'One version of a dictionary as a W3C PLS file',
        params: versionParams,
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { dictionary_id: id, version_id: versionId } = request.params;
      const pls = await pronunciation.exportPls(userOf(request), id, versionId);
      return reply
        .header('content-type', 'application/pls+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${id}-${versionId}.pls"`)
        .send(pls);
    },
  );
}
