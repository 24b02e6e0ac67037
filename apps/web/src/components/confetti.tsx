// A burst of duck-coloured confetti behind a win (decision 029): CSS animation only, nothing at all with
// reduced motion. Decorative: hidden from screen readers.
import { prefersReducedMotion } from '../lib/celebrate';
import './celebrate.css';

const PIECES = 14;
const COLOURS = ['#ffc928', '#ff8a1c', '#3ddc84', '#2b8be6', '#ff5d73'];

export function Confetti() {
  if (prefersReducedMotion()) return null;
  return (
    <div className="confetti" aria-hidden="true">
      {Array.from({ length: PIECES }, (_, i) => {
        const angle = (360 / PIECES) * i + (i % 2 ? 9 : -9);
        const distance = 90 + ((i * 37) % 60);
        return (
          <span
            key={i}
            className="confetti__piece"
            style={{
              ['--angle' as string]: `${angle}deg`,
              ['--distance' as string]: `${distance}px`,
              ['--delay' as string]: `${(i % 4) * 40}ms`,
              background: COLOURS[i % COLOURS.length],
            }}
          />
        );
      })}
    </div>
  );
}
