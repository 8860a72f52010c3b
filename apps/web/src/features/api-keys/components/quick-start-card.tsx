import { BreakableText } from '@/components/ui/breakable-text';
import { studioCardStyle } from '@/components/ui/card-styles';
import { curlExample, dialectBaseUrls } from '../lib/quick-start';
import { CopyButton } from './copy-button';

/** Where to point each SDK, and a curl request to try a key with. */
export function QuickStartCard({ origin }: { origin: string }) {
  const urls = dialectBaseUrls(origin);
  const curl = curlExample(origin);
  return (
    <section aria-labelledby="quick-start-title" className={studioCardStyle}>
      <h2 id="quick-start-title" className="text-lg font-semibold text-ink">
        Quick start
      </h2>
      <p className="mt-1 text-sm text-muted">Point the official SDK at your Sayso with one of these base URLs.</p>
      <dl className="mt-4 space-y-3">
        <BaseUrl term="OpenAI SDK (baseURL)" dialect="OpenAI" url={urls.openai} />
        <BaseUrl term="ElevenLabs SDK (baseUrl)" dialect="ElevenLabs" url={urls.elevenlabs} />
      </dl>
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">Try it with curl</h3>
        <CopyButton text={curl} what="curl example" />
      </div>
      {/* Wraps on a phone rather than scrolling sideways; Copy takes the lines exactly as written. */}
      <pre className="mt-2 rounded-control bg-ink p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-white wrap-anywhere">
        {curl}
      </pre>
    </section>
  );
}

function BaseUrl({ term, dialect, url }: { term: string; dialect: string; url: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted">{term}</dt>
      <dd className="mt-1 flex items-center gap-2">
        {/* Wraps after a '/' or ':' on a phone, never inside a word of the address. */}
        <code className="min-w-0 flex-1 rounded-control border border-line bg-surface px-3 py-2 font-mono text-sm wrap-break-word text-ink">
          <BreakableText text={url} />
        </code>
        <CopyButton text={url} what={`${dialect} base URL`} />
      </dd>
    </div>
  );
}
