import type { SpeechRenderer } from './speech-job.js';

/** A voice in the spec's provider-B shape (section 3); provider A lists the same fields. */
export interface CatalogVoice {
  voice_id: string;
  name: string;
  accent: string;
  gender: string;
  age: string;
  descriptive: string;
  use_case: string;
  category: 'high_quality' | 'professional';
  language: string;
  locale: string;
  description: string;
  preview_url: string | null;
  verified_languages: { language: string; accent: string; locale: string | null; preview_url: string | null }[];
}

export interface CatalogModel {
  model_id: string;
  name: string;
}

/** What the speech routes need from the engines, whichever engines serve the two providers. */
export interface SpeechCatalog {
  engineId(provider: 'A' | 'B'): string;
  voices(provider: 'A' | 'B'): Promise<CatalogVoice[]>;
  models(provider: 'A' | 'B'): Promise<CatalogModel[]>;
  render: SpeechRenderer;
}
