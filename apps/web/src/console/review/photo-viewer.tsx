// A photo full screen (decision 054): the screen-sized rendition, fitted to the screen; a tap or "Zoom in" shows it
// at its full 1280 px, panned by scrolling or dragging a finger; the original (often 1 MB or more) only by its link.
// Until the screen size has arrived (seconds on the ship's link) the thumbnail the card already holds stands in.
import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { useModalDialog } from '../../components/modal';
import { photoSrc } from './photo-src';
import { reviewTexts } from './review-texts';

interface PhotoViewerProps {
  photoUrl: string;
  alt: string;
  onClose: () => void;
}

export function PhotoViewer({ photoUrl, alt, onClose }: PhotoViewerProps) {
  const ref = useModalDialog();
  const [zoomed, setZoomed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // Where to zoom in: the point tapped (as a share of the photo's width and height), kept under the finger.
  const focus = useRef({ x: 0.5, y: 0.5, left: 0.5, top: 0.5 });
  useLayoutEffect(() => {
    const box = frame.current;
    if (!zoomed || !box) return;
    const { x, y, left, top } = focus.current;
    box.scrollLeft = x * box.scrollWidth - left * box.clientWidth;
    box.scrollTop = y * box.scrollHeight - top * box.clientHeight;
  }, [zoomed]);
  const zoom = (event?: MouseEvent<HTMLImageElement>) => {
    const box = frame.current?.getBoundingClientRect();
    if (event && box && !zoomed) {
      const photo = event.currentTarget.getBoundingClientRect();
      // The photo is drawn centred inside its box (object-fit: contain): measure from the drawn picture.
      const scale = Math.min(photo.width / event.currentTarget.naturalWidth, photo.height / event.currentTarget.naturalHeight);
      const drawnWidth = event.currentTarget.naturalWidth * scale;
      const drawnHeight = event.currentTarget.naturalHeight * scale;
      const drawnLeft = photo.left + (photo.width - drawnWidth) / 2;
      const drawnTop = photo.top + (photo.height - drawnHeight) / 2;
      focus.current = {
        x: Math.min(1, Math.max(0, (event.clientX - drawnLeft) / drawnWidth)),
        y: Math.min(1, Math.max(0, (event.clientY - drawnTop) / drawnHeight)),
        left: (event.clientX - box.left) / box.width,
        top: (event.clientY - box.top) / box.height,
      };
    } else {
      focus.current = { x: 0.5, y: 0.5, left: 0.5, top: 0.5 };
    }
    setZoomed(!zoomed);
  };
  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={alt}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div ref={frame} className={`photo-viewer__frame${zoomed ? ' photo-viewer__frame--zoomed' : ''}`}>
        {!loaded && <img className="photo-viewer__photo photo-viewer__stand-in" src={photoSrc(photoUrl, 'thumb')} alt="" />}
        <img
          className="photo-viewer__photo"
          src={photoSrc(photoUrl, 'screen')}
          alt={alt}
          onLoad={() => setLoaded(true)}
          onClick={zoom}
        />
      </div>
      <div className="photo-viewer__bar">
        <button type="button" className="btn btn--ghost" aria-pressed={zoomed} onClick={() => zoom()}>
          {zoomed ? reviewTexts.fitPhoto : reviewTexts.zoomPhoto}
        </button>
        <a className="btn btn--ghost" href={photoSrc(photoUrl, 'original')} target="_blank" rel="noopener">
          {reviewTexts.originalPhoto}
        </a>
        <button type="button" className="btn btn--primary" autoFocus onClick={onClose}>
          {reviewTexts.closePhoto}
        </button>
      </div>
    </dialog>
  );
}
