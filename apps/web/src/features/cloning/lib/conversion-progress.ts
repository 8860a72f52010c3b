export type ConversionStage = 'reading' | 'decoding' | 'processing' | 'encoding' | 'finalizing' | 'complete';

export interface ConversionProgress {
  stage: ConversionStage;
  percent: number;
}

/**
 * Where each stage sits on the bar (spec: reading 10, decoding 20, processing 40, encoding 60 up to
 * 90, finalizing 95, complete 100). A stage with work to measure moves through its span, stopping
 * short of the next stage's start, so the percent always says which stage is running.
 */
const SPANS: Record<ConversionStage, { from: number; to: number }> = {
  reading: { from: 10, to: 10 },
  decoding: { from: 20, to: 39 },
  processing: { from: 40, to: 59 },
  encoding: { from: 60, to: 90 },
  finalizing: { from: 95, to: 95 },
  complete: { from: 100, to: 100 },
};

/** The bar's percent for a stage that has done `fraction` (0..1) of its work. */
export function percentFor(stage: ConversionStage, fraction = 0): number {
  const { from, to } = SPANS[stage];
  const done = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return from + Math.floor(done * (to - from));
}

export type StageReport = (stage: ConversionStage, fraction?: number) => void;

/**
 * A `StageReport` that passes a progress on only when the stage or the whole percent changes, so a
 * loop can report after every chunk without flooding the page with messages.
 */
export function changesOnly(send: (progress: ConversionProgress) => void): StageReport {
  let last: ConversionProgress | null = null;
  return (stage, fraction) => {
    const percent = percentFor(stage, fraction);
    if (last?.stage === stage && last.percent === percent) return;
    last = { stage, percent };
    send(last);
  };
}
