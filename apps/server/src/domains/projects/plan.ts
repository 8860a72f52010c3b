import type { BlockRow, ChapterRow, ProjectContents, ProjectRow, SpeakerRow } from './repository.js';
import { contentHash, type ResolvedVoice, type VoiceResolver } from './voices.js';

/** A block with what it is spoken with now. */
export interface BlockPlan {
  row: BlockRow;
  /** The voice id: the block's own, else its speaker's cast, else the narrator's. */
  voiceId: string;
  /** Its engine and model; null when the voice is gone (a deleted clone). */
  voice: ResolvedVoice | null;
  hash: string;
  /** The block has no audio for what it says now (never rendered, or edited since). */
  changed: boolean;
}

export interface ProjectPlan {
  chapters: ChapterRow[];
  speakers: SpeakerRow[];
  /** In reading order: by chapter, then by position. */
  blocks: BlockPlan[];
}

/** Works out each block's voice and content hash, resolving each distinct voice once. */
export async function planBlocks(
  project: ProjectRow,
  contents: ProjectContents,
  resolver: VoiceResolver,
): Promise<ProjectPlan> {
  const cast = new Map(contents.speakers.map((speaker) => [speaker.name, speaker.voice_id]));
  const chapterOrder = new Map(contents.chapters.map((chapter) => [chapter.id, chapter.position]));
  const ordered = [...contents.blocks].sort(
    (a, b) => (chapterOrder.get(a.chapter_id) ?? 0) - (chapterOrder.get(b.chapter_id) ?? 0) || a.position - b.position,
  );
  const blocks: BlockPlan[] = [];
  for (const row of ordered) {
    const voiceId = row.voice_id ?? (row.speaker ? cast.get(row.speaker) : null) ?? project.narrator_voice_id;
    const voice = await resolver.resolve(voiceId);
    const hash = contentHash(row.text, voice, voiceId, row.speed);
    const changed = !(row.rendered_hash === hash && row.audio_key !== null);
    blocks.push({ row, voiceId, voice, hash, changed });
  }
  return { chapters: contents.chapters, speakers: contents.speakers, blocks };
}
