/**
 * Formant positions of speech by linear prediction (LPC): each voiced frame is pre-emphasised,
 * windowed and fitted with an all-pole model whose roots give the resonances of the vocal tract.
 * The medians of the first three formants over all voiced frames describe the speaker's vocal
 * tract; a uniform-tube model turns them into a vocal-tract length.
 */

export interface FormantSummary {
  /** Median first, second and third formant, in Hz; null when no voiced frame gave them. */
  f1Hz: number | null;
  f2Hz: number | null;
  f3Hz: number | null;
  /** Vocal-tract length of a uniform tube with these formants, in centimetres. */
  vocalTractCm: number | null;
  /** Frames that yielded three formants. */
  frames: number;
}

const FRAME_MS = 25;
const SPEED_OF_SOUND_CM_S = 35_000;
/** Resonances wider than this are spectral shaping, not formants. */
const MAX_BANDWIDTH_HZ = 500;
const MIN_FORMANT_HZ = 150;

/**
 * Estimates formants over frames starting at `starts` (for instance the voiced frames of the pitch
 * tracker). The signal should be sampled at about 8-12 kHz, where three formants fit a 12-pole model.
 */
export function measureFormants(samples: Float32Array, sampleRate: number, starts: number[]): FormantSummary {
  const frame = Math.round((FRAME_MS / 1000) * sampleRate);
  const order = Math.min(16, 2 + Math.round(sampleRate / 1000));
  const window = Float64Array.from(
    { length: frame },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frame - 1)),
  );
  const emphasis = Math.exp((-2 * Math.PI * 50) / sampleRate);
  const found: [number[], number[], number[]] = [[], [], []];
  let frames = 0;
  for (const start of starts) {
    if (start < 1 || start + frame > samples.length) continue;
    const x = new Float64Array(frame);
    for (let i = 0; i < frame; i += 1) {
      x[i] = ((samples[start + i] ?? 0) - emphasis * (samples[start + i - 1] ?? 0)) * (window[i] ?? 0);
    }
    const formants = frameFormants(x, sampleRate, order);
    if (formants.length < 3) continue;
    frames += 1;
    for (let k = 0; k < 3; k += 1) found[k]?.push(formants[k] ?? 0);
  }
  const [f1Hz, f2Hz, f3Hz] = found.map(median) as [number | null, number | null, number | null];
  return { f1Hz, f2Hz, f3Hz, vocalTractCm: vocalTractLength([f1Hz, f2Hz, f3Hz]), frames };
}

/** A uniform tube closed at one end resonates at (2k - 1) c / 4L: the mean of the three estimates of L. */
function vocalTractLength(formants: (number | null)[]): number | null {
  const lengths = formants.flatMap((hz, k) => (hz ? [((2 * k + 1) * SPEED_OF_SOUND_CM_S) / (4 * hz)] : []));
  return lengths.length === formants.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/** The formant frequencies of one windowed frame, lowest first. */
function frameFormants(x: Float64Array, sampleRate: number, order: number): number[] {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag += 1) {
    let sum = 0;
    for (let i = lag; i < x.length; i += 1) sum += (x[i] ?? 0) * (x[i - lag] ?? 0);
    r[lag] = sum;
  }
  if ((r[0] ?? 0) <= 1e-12) return [];
  // A touch of lag windowing keeps the model stable on very clean (synthetic) frames.
  r[0] = (r[0] ?? 0) * 1.0001;
  const a = levinson(r, order);
  if (!a) return [];
  const formants: number[] = [];
  for (const [re, im] of polynomialRoots(a)) {
    if (im <= 0) continue;
    const hz = (Math.atan2(im, re) * sampleRate) / (2 * Math.PI);
    const bandwidth = (-Math.log(Math.hypot(re, im)) * sampleRate) / Math.PI;
    if (hz >= MIN_FORMANT_HZ && hz < sampleRate / 2 - 100 && bandwidth < MAX_BANDWIDTH_HZ) formants.push(hz);
  }
  return formants.sort((p, q) => p - q);
}

/** Levinson-Durbin recursion: the prediction polynomial 1 + a1 z^-1 + ... of an autocorrelation. */
function levinson(r: Float64Array, order: number): Float64Array | null {
  const a = new Float64Array(order + 1);
  a[0] = 1;
  let error = r[0] ?? 0;
  for (let i = 1; i <= order; i += 1) {
    let acc = r[i] ?? 0;
    for (let j = 1; j < i; j += 1) acc += (a[j] ?? 0) * (r[i - j] ?? 0);
    const k = -acc / error;
    const previous = Float64Array.from(a);
    for (let j = 1; j < i; j += 1) a[j] = (previous[j] ?? 0) + k * (previous[i - j] ?? 0);
    a[i] = k;
    error *= 1 - k * k;
    if (error <= 0) return null;
  }
  return a;
}

/**
 * The roots of z^n + a1 z^(n-1) + ... + an (the prediction polynomial times z^n) by the
 * Durand-Kerner iteration, which finds all of them at once; LPC polynomials are small and tame.
 */
function polynomialRoots(a: Float64Array): [number, number][] {
  const n = a.length - 1;
  const roots: [number, number][] = Array.from({ length: n }, (_, k) => {
    const angle = (2 * Math.PI * k) / n + 0.4;
    return [0.9 * Math.cos(angle), 0.9 * Math.sin(angle)];
  });
  const evaluate = (re: number, im: number): [number, number] => {
    let pr = 1;
    let pi = 0;
    for (let k = 1; k <= n; k += 1) {
      const nr = pr * re - pi * im + (a[k] ?? 0);
      pi = pr * im + pi * re;
      pr = nr;
    }
    return [pr, pi];
  };
  for (let iteration = 0; iteration < 200; iteration += 1) {
    let moved = 0;
    for (let i = 0; i < n; i += 1) {
      const [re, im] = roots[i] ?? [0, 0];
      let [nr, ni] = evaluate(re, im);
      for (let j = 0; j < n; j += 1) {
        if (j === i) continue;
        const [or, oi] = roots[j] ?? [0, 0];
        const dr = re - or;
        const di = im - oi;
        const d = dr * dr + di * di || 1e-30;
        // (nr + i ni) / (dr + i di)
        const qr = (nr * dr + ni * di) / d;
        const qi = (ni * dr - nr * di) / d;
        nr = qr;
        ni = qi;
      }
      roots[i] = [re - nr, im - ni];
      moved = Math.max(moved, Math.abs(nr) + Math.abs(ni));
    }
    if (moved < 1e-10) break;
  }
  return roots;
}
