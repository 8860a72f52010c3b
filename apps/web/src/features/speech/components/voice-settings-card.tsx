import type { Model, Voice } from '@sayso/contract/speech';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { SliderField } from './slider-field';

export interface VoiceSettings {
  speed: number;
  pitch: number;
  volume: number;
}

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = { speed: 1, pitch: 0, volume: 1 };

interface VoiceSettingsCardProps {
  models: Model[];
  /** The models are still on their way: the select says so instead of standing empty. */
  modelsLoading: boolean;
  activeModel: string;
  onModelChange: (modelId: string) => void;
  selectedVoice: Voice | null;
  /** The language picked for the voice in the picker, shown instead of the voice's own locale. */
  language: string | null;
  /** The voice list is the built-in one because the server's could not be read. */
  fallbackVoices: boolean;
  onBrowseVoices: () => void;
  settings: VoiceSettings;
  onSettingsChange: (settings: VoiceSettings) => void;
}

/** /dashboard2's side panel: the model, the voice (opening the picker), and speed, pitch and volume with Reset. */
export function VoiceSettingsCard({
  models,
  modelsLoading,
  activeModel,
  onModelChange,
  selectedVoice,
  language,
  fallbackVoices,
  onBrowseVoices,
  settings,
  onSettingsChange,
}: VoiceSettingsCardProps) {
  const modelId = useId();
  return (
    <div className={`${studioCardStyle} space-y-5`}>
      <div>
        <label htmlFor={modelId} className="text-sm font-medium text-ink">
          Model
        </label>
        <select
          id={modelId}
          value={modelsLoading ? '' : activeModel}
          onChange={(event) => onModelChange(event.target.value)}
          disabled={modelsLoading}
          aria-busy={modelsLoading}
          className="mt-2 block w-full rounded-control border border-line bg-white px-3 py-2 text-sm disabled:cursor-wait disabled:bg-surface disabled:text-muted"
        >
          {modelsLoading ? (
            <option value="">Loading models...</option>
          ) : (
            models.map((model) => (
              <option key={model.model_id} value={model.model_id}>
                {model.name}
              </option>
            ))
          )}
        </select>
      </div>
      <div>
        <p className="text-sm font-medium text-ink">Voice</p>
        <button
          type="button"
          onClick={onBrowseVoices}
          className="mt-2 flex w-full items-center justify-between rounded-control border border-line bg-white px-3 py-2 text-left text-sm hover:border-accent"
        >
          <span className={selectedVoice ? 'font-semibold text-ink' : 'text-muted'}>
            {selectedVoice ? selectedVoice.name : 'Select a Voice'}
          </span>
          <span className="text-accent">{selectedVoice ? 'Change' : 'Browse'}</span>
        </button>
        {selectedVoice && (
          <p className="mt-1 text-xs text-muted">
            {[language ?? selectedVoice.locale, selectedVoice.accent, selectedVoice.gender].filter(Boolean).join(' · ')}
          </p>
        )}
        {fallbackVoices && (
          <p className="mt-2 text-xs text-amber-700">
            The voice list could not be loaded; showing the built-in list, which needs the cloud provider.
          </p>
        )}
      </div>
      <SliderField
        label="Speed"
        value={settings.speed}
        min={0.5}
        max={2}
        step={0.1}
        format={(v) => `${v.toFixed(1)}×`}
        onChange={(speed) => onSettingsChange({ ...settings, speed })}
      />
      <SliderField
        label="Pitch"
        value={settings.pitch}
        min={-10}
        max={10}
        step={1}
        format={(v) => (v > 0 ? `+${v}` : String(v))}
        onChange={(pitch) => onSettingsChange({ ...settings, pitch })}
      />
      <SliderField
        label="Volume"
        value={settings.volume}
        min={0}
        max={2}
        step={0.1}
        format={(v) => v.toFixed(1)}
        onChange={(volume) => onSettingsChange({ ...settings, volume })}
      />
      <button
        type="button"
        onClick={() => onSettingsChange(DEFAULT_VOICE_SETTINGS)}
        className="inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline"
      >
        <RotateCcw aria-hidden className="h-4 w-4" /> Reset
      </button>
    </div>
  );
}
