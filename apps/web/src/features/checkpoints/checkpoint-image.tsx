// The checkpoint's picture through GET /api/checkpoint-image, or a placeholder when there is none or it
// fails to load (docs/product.md §7.7).
import { useState } from 'react';
import { useCheckpointImage } from './checkpoint-image-api';
import { usableImageId } from './image-id';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

export function CheckpointImage({ imgId, title }: { imgId: string | null | undefined; title: string }) {
  const id = usableImageId(imgId);
  const { data: url, isPending } = useCheckpointImage(id);
  const [broken, setBroken] = useState<string | null>(null);
  if (id && isPending) return <div className="cp-image cp-image--loading" aria-hidden="true" />;
  if (!url || broken === url) return <PlaceholderImage />;
  // Its alt text is the checkpoint's title, the pack's words.
  return <img className="cp-image" src={url} alt={title} width={400} height={300} onError={() => setBroken(url)} data-pack />;
}

function PlaceholderImage() {
  return (
    <svg className="cp-image" viewBox="0 0 400 300" role="img" aria-label={t('checkpoint.noPicture')}>
      <rect width="400" height="300" fill="#bfe6f7" />
      <path d="M0 210q50-20 100 0t100 0 100 0 100 0v90H0z" fill="#1673c4" />
      <path d="M0 235q50-20 100 0t100 0 100 0 100 0v65H0z" fill="#0b4f8a" />
      <g transform="translate(150 120)">
        <path d="M4 50c10 3 18 9 30 9h26c18-4 32 4 30 19-2 14-20 20-42 20S8 92 5 76C3 67 1 56 4 50z" fill="#ffc928" />
        <circle cx="66" cy="36" r="22" fill="#ffc928" />
        <path d="M84 32c10-4 20 0 20 6s-10 9-20 6z" fill="#ff8a1c" />
        <circle cx="72" cy="30" r="4" fill="#062a4a" />
      </g>
    </svg>
  );
}
