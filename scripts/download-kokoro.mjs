// `npm run models:kokoro`: fetches the Kokoro-82M ONNX model (Apache-2.0) from its public hub into
// KOKORO_MODEL_DIR (default ./data/models/kokoro), once, on a machine with internet access. The
// server never downloads it: it only reads this folder. Voice data ships with the kokoro-js package.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const HUB = 'https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/resolve/main';
const FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];
const target = path.resolve(
  process.env.KOKORO_MODEL_DIR ?? path.join(process.env.DATA_DIR ?? 'data', 'models', 'kokoro'),
);

async function download(file) {
  const destination = path.join(target, file);
  if (await stat(destination).catch(() => null)) {
    console.log(`have ${file}`);
    return;
  }
  await mkdir(path.dirname(destination), { recursive: true });
  const response = await fetch(`${HUB}/${file}`);
  if (!response.ok || !response.body) throw new Error(`${file}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length') ?? 0);
  let received = 0;
  let shown = 0;
  const counted = Readable.fromWeb(response.body).on('data', (chunk) => {
    received += chunk.length;
    if (total && received - shown > total / 20) {
      shown = received;
      process.stdout.write(`\r${file}: ${Math.round((received / total) * 100)}%`);
    }
  });
  // Written under a temporary name first, so an interrupted download is never taken for a model.
  await pipeline(counted, createWriteStream(`${destination}.part`));
  await rename(`${destination}.part`, destination);
  console.log(`\r${file}: done (${(received / 1e6).toFixed(1)} MB)`);
}

try {
  for (const file of FILES) await download(file);
  console.log(`Kokoro-82M is in ${target}. Start Sayso and /api/admin/health (staff) will list kokoro as up.`);
} catch (error) {
  console.error(`Could not download the Kokoro model (${error.message}). This needs access to huggingface.co.`);
  process.exit(1);
}
