import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';

/** The gemini card: built with the content generation issue; until then it says so. */
export function GeminiKeyCard() {
  return (
    <Card title="Gemini" headingLevel={3} className="key-card">
      <Alert tone="info">Pengelolaan kunci Gemini belum tersedia.</Alert>
    </Card>
  );
}
