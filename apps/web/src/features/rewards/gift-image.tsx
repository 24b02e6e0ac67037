/** The placeholder image of an owned reward: a wrapped gift with a rubber duck on top. */
export function GiftImage({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 120" aria-hidden="true">
      <rect x="18" y="52" width="84" height="58" rx="6" fill="#1673c4" />
      <rect x="12" y="38" width="96" height="20" rx="5" fill="#0b4f8a" />
      <rect x="52" y="38" width="16" height="72" fill="#ffc928" />
      <path d="M60 38 C44 20 28 30 40 38 Z M60 38 C76 20 92 30 80 38 Z" fill="#ffc928" stroke="#8a5a00" strokeWidth="2" />
      <ellipse cx="58" cy="26" rx="15" ry="9" fill="#ffc928" stroke="#8a5a00" strokeWidth="1.5" />
      <circle cx="68" cy="14" r="8" fill="#ffc928" stroke="#8a5a00" strokeWidth="1.5" />
      <path d="M75 12 l9 2 -9 4 Z" fill="#e8731c" />
      <circle cx="70" cy="12" r="1.6" fill="#10223a" />
    </svg>
  );
}
