import { useCampaign } from '../lib/campaign-api';
import { Modal } from './modal';
import { t } from '../lib/i18n';

/** The scrollable Terms and Conditions popup; the text comes from the campaign pack. Lazy-load it. */
export default function TermsPopup({ onClose }: { onClose: () => void }) {
  const { data, error } = useCampaign();
  return (
    <Modal title={t('terms.title')} onClose={onClose} className="dialog--tall">
      <div className="terms" tabIndex={0} role="region" aria-label={t('terms.region')}>
        {/* The pack's own terms, in its words (data-pack, decision 050). */}
        {data ? (
          <div data-pack>
            <Markdown text={data.termsText} />
          </div>
        ) : error ? (
          <p>{t('terms.loadFailed')}</p>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </div>
      <button type="button" className="btn btn--primary" onClick={onClose}>
        {t('common.close')}
      </button>
    </Modal>
  );
}

/** Just enough Markdown for terms: headings, numbered and bulleted items, paragraphs, bold. */
function Markdown({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const heading = /^(#{1,4})\s+(.*)$/.exec(block.trim());
        if (heading) return <h3 key={i}>{inline(heading[2]!)}</h3>;
        return (
          <p key={i}>
            {block.split('\n').map((line, j) => (
              <span key={j} className="terms__line">
                {inline(line.replace(/^\s*[-*]\s+/, '• '))}
              </span>
            ))}
          </p>
        );
      })}
    </>
  );
}

function inline(text: string) {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .map((part, i) => (part.startsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}
