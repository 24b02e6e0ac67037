// The prize wheel: five segments of 1 to 5 ducks drawn in SVG, turned by a CSS transition to the angle
// the server's result lands on. The pointer stays at the top while the disc turns.
import { SEGMENT_ANGLE, SPIN_DURATION_MS, WHEEL_SEGMENTS, segmentCentreAngle } from './wheel-angle';
import './spin.css';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

const C = 150;
const R = 136;

const COLOURS: Record<number, { fill: string; text: string }> = {
  1: { fill: '#ffc928', text: '#10223a' },
  2: { fill: '#0b4f8a', text: '#ffffff' },
  3: { fill: '#fff1c2', text: '#10223a' },
  4: { fill: '#1673c4', text: '#ffffff' },
  5: { fill: '#062a4a', text: '#ffc928' },
};

/** The point at `angle` degrees clockwise from the top, `radius` from the centre. */
function xy(angle: number, radius: number): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [Number((C + radius * Math.sin(rad)).toFixed(2)), Number((C - radius * Math.cos(rad)).toFixed(2))];
}

function point(angle: number, radius: number): string {
  return xy(angle, radius).join(' ');
}

function segmentPath(segment: number): string {
  const start = (segment - 1) * SEGMENT_ANGLE;
  return `M${C} ${C} L${point(start, R)} A${R} ${R} 0 0 1 ${point(start + SEGMENT_ANGLE, R)} Z`;
}

interface WheelProps {
  /** Degrees clockwise from rest. */
  rotation: number;
  /** Animate the change of rotation (off when the wheel is reset). */
  turning: boolean;
  busy: boolean;
}

export function Wheel({ rotation, turning, busy }: WheelProps) {
  return (
    <div className="wheel" role="img" aria-label={t('spin.wheelLabel')}>
      <div className="wheel__shadow">
        <svg
          className="wheel__disc"
          viewBox="0 0 300 300"
          aria-hidden="true"
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: turning ? `transform ${SPIN_DURATION_MS}ms ease-out` : 'none',
          }}
        >
          <circle cx={C} cy={C} r={148} fill="#062a4a" />
          {Array.from({ length: 20 }, (_, i) => {
            const [x, y] = xy(i * 18 + 9, 143);
            return <circle key={i} cx={x} cy={y} r={2.6} fill="#ffc928" />;
          })}
          {WHEEL_SEGMENTS.map((ducks) => (
            <path key={ducks} d={segmentPath(ducks)} fill={COLOURS[ducks]!.fill} stroke="#ffffff" strokeWidth={3} />
          ))}
          {WHEEL_SEGMENTS.map((ducks) => (
            <g key={ducks} transform={`rotate(${segmentCentreAngle(ducks)} ${C} ${C})`} fill={COLOURS[ducks]!.text}>
              <text x={C} y={C - 76} textAnchor="middle" fontSize={46} fontWeight={800} fontFamily="var(--font-display)">
                {ducks}
              </text>
              <text x={C} y={C - 52} textAnchor="middle" fontSize={14} fontWeight={700} letterSpacing={1.5}>
                {ducks === 1 ? t('spin.wheelDuck') : t('spin.wheelDucks')}
              </text>
            </g>
          ))}
          <HubDuck />
        </svg>
      </div>
      <svg className="wheel__pointer" viewBox="0 0 40 48" aria-hidden="true">
        <path d="M4 4 H36 L20 44 Z" fill="#c2352a" stroke="#ffffff" strokeWidth={4} strokeLinejoin="round" />
      </svg>
      {busy && (
        <div className="wheel__overlay">
          <span className="wheel__overlay-label">
            <span className="wheel__spinner" aria-hidden="true" />
            {t('spin.spinning')}
          </span>
        </div>
      )}
    </div>
  );
}

/** A rubber duck on the hub of the wheel. */
function HubDuck() {
  return (
    <g>
      <circle cx={C} cy={C} r={30} fill="#ffffff" stroke="#062a4a" strokeWidth={4} />
      <ellipse cx={C - 2} cy={C + 8} rx={17} ry={11} fill="#ffc928" />
      <circle cx={C + 6} cy={C - 6} r={9} fill="#ffc928" />
      <path d={`M${C + 14} ${C - 7} l9 2 -9 4 Z`} fill="#e8731c" />
      <circle cx={C + 8} cy={C - 8} r={1.8} fill="#10223a" />
      <path d={`M${C - 12} ${C + 6} q6 6 14 0`} fill="none" stroke="#d99a00" strokeWidth={2} strokeLinecap="round" />
    </g>
  );
}
