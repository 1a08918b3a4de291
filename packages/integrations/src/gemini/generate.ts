// Writing a video's title, description and tags with Gemini, replacing a retired model once.
import { SchemaType } from '@google/generative-ai';
import { guarded, modelOf, requestOptions, type GeminiCall } from './call.ts';
import { buildPrompt, oneLine, parseGeneratedContent, type GeneratedContent } from './content.ts';
import { GeminiError } from './errors.ts';
import { chooseGeminiModel, retiredModelNotice, type GeminiModelOptions } from './models.ts';

/** A model that answered 404 NOT_FOUND, and the one used instead. */
export interface GeminiModelFallback {
  retired: string;
  used: string;
  /** For members and admins, in Indonesian, naming both models. */
  notice: string;
  checkedAt: Date;
}

export interface GeneratedVideo {
  content: GeneratedContent;
  /** The model that wrote it. */
  model: string;
  /** Set when the model asked for answered 404 and the content came from a freshly chosen one. */
  fallback: GeminiModelFallback | null;
}

/**
 * A title, description and tags for a video from its original title, in Indonesian. Whatever
 * Gemini leaves out is filled with the spec's defaults, so the result is always usable as is.
 * `model` is the model to use (a cached choice); without it one is chosen. A model that
 * answers 404 NOT_FOUND (retired) is replaced once by a fresh choice without it, and the
 * result says so; a second 404 is thrown.
 */
export async function generateVideoContent(
  args: GeminiCall & GeminiModelOptions & { originalTitle: string; model?: string | undefined },
): Promise<GeneratedVideo> {
  const originalTitle = oneLine(args.originalTitle);
  if (!originalTitle) {
    throw new GeminiError('other', 'A title is needed to generate content', {
      userMessage: 'Judul diperlukan untuk membuat konten dengan Gemini.',
    });
  }
  const first = args.model ?? (await chooseGeminiModel(args)).model;
  try {
    const content = await generateWith(args, first, originalTitle);
    return { content, model: first, fallback: null };
  } catch (error) {
    if (!(error instanceof GeminiError) || error.kind !== 'model_not_found') throw error;
  }
  const next = await chooseGeminiModel({ ...args, exclude: [first] });
  const content = await generateWith(args, next.model, originalTitle);
  return {
    content,
    model: next.model,
    fallback: {
      retired: first,
      used: next.model,
      notice: retiredModelNotice(first, next.model),
      checkedAt: next.checkedAt,
    },
  };
}

async function generateWith(
  args: GeminiCall,
  modelName: string,
  originalTitle: string,
): Promise<GeneratedContent> {
  const model = modelOf(args, modelName);
  const result = await guarded(args.signal, () =>
    model.generateContent(
      {
        contents: [{ role: 'user', parts: [{ text: buildPrompt(originalTitle) }] }],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: SchemaType.OBJECT,
            properties: {
              title: { type: SchemaType.STRING },
              description: { type: SchemaType.STRING },
              tags: { type: SchemaType.ARRAY, items: { type: SchemaType.STRING } },
            },
            required: ['title', 'description', 'tags'],
          },
        },
      },
      requestOptions(args),
    ),
  );
  // text() throws when the answer was blocked (SAFETY, RECITATION, LANGUAGE or a blocked prompt).
  const text = await guarded(args.signal, async () => result.response.text());
  return parseGeneratedContent(text, originalTitle);
}
