import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { useState } from 'react';
import { errorDetail } from '@/lib/api-error.ts';
import { generateContent } from '../api.ts';
import { TEXT, generateFailed, reasonOf } from '../utils/messages.ts';

export interface AiGenerateProps {
  /** The form's title, else the chosen item's (spec: a title is needed). */
  originalTitle: string;
  onGenerated: (content: GeneratedContent) => void;
}

/** `notice`: the server's word that the Gemini model was retired and another one wrote this. */
type Result = {
  tone: 'success' | 'danger' | 'warning';
  text: string;
  notice?: string;
  /** Gemini's own words, under Detail. */
  detail?: string | undefined;
};

/** 'Generate dengan AI': Gemini writes title, description and tags from the current title. */
export function AiGenerate({ originalTitle, onGenerated }: AiGenerateProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function generate() {
    const title = originalTitle.trim();
    if (!title) {
      setResult({ tone: 'warning', text: TEXT.generateNeedsTitle });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const content = await generateContent(title);
      onGenerated(content);
      setResult({
        tone: 'success',
        text: content.usedDefaults
          ? `${TEXT.generateDone} Sebagian diisi dengan nilai bawaan.`
          : TEXT.generateDone,
        ...(content.notice ? { notice: content.notice } : {}),
      });
    } catch (error) {
      setResult({
        tone: 'danger',
        text: generateFailed(reasonOf(error)),
        detail: errorDetail(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="yt-ai">
      <Button onClick={() => void generate()} loading={busy}>
        Generate dengan AI (Gemini)
      </Button>
      <span className="ui-field__hint">Mengisi judul, deskripsi dan tag dari judul saat ini.</span>
      {result ? (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          <ErrorDetail message={result.text} detail={result.detail} />
        </Alert>
      ) : null}
      {result?.notice ? <Alert tone="info">{result.notice}</Alert> : null}
    </div>
  );
}
