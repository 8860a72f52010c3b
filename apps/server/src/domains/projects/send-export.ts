import type { FastifyReply } from 'fastify';
import type { ExportFile } from './exports.js';

/** Sends an export as a download (the reply untyped: a file is not the route's JSON body). */
export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  reply.header('cache-control', 'private, no-cache');
  reply.type(file.contentType);
  reply.header('content-disposition', file.disposition);
  return reply.send(file.bytes);
}
