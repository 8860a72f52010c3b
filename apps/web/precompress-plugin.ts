import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already, source maps only by developers. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
 * highest levels: the server hands them out as they are (@fastify/static `preCompressed`), so
 * pages arrive compressed without the server compressing anything per request.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'sayso-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
        await writeFile(`${file}.br`, await brotli(content, brotliOptions));
        await writeFile(`${file}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
