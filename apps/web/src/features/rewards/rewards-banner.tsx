/** The rewards header image: the festival ship sailing past a treasure chest of prizes. */
export function RewardsBanner() {
  return (
    <svg className="rewards-banner" viewBox="0 0 360 130" role="img" aria-label="A cruise ship and a treasure chest of rewards">
      <defs>
        <linearGradient id="rewards-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7cc4f5" />
          <stop offset="1" stopColor="#e3f1fc" />
        </linearGradient>
      </defs>
      <rect width="360" height="130" fill="url(#rewards-sky)" />
      <circle cx="318" cy="28" r="15" fill="#ffc928" />
      <rect y="92" width="360" height="38" fill="#1673c4" />
      <path d="M0 92 q15 -7 30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 V130 H0 Z" fill="#1673c4" />
      <path
        d="M0 106 q15 -6 30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0 t30 0"
        fill="none"
        stroke="#e3f1fc"
        strokeWidth="2"
        opacity="0.6"
      />
      {/* the ship */}
      <rect x="150" y="26" width="14" height="22" rx="2" fill="#c2352a" />
      <rect x="150" y="26" width="14" height="5" fill="#062a4a" />
      <rect x="78" y="46" width="118" height="20" rx="3" fill="#ffffff" />
      <rect x="98" y="34" width="76" height="14" rx="3" fill="#ffffff" />
      {[88, 104, 120, 136, 152, 168, 184].map((x) => (
        <rect key={x} x={x} y="52" width="9" height="6" rx="1.5" fill="#0b4f8a" />
      ))}
      <path d="M40 66 H236 L218 98 H62 Z" fill="#062a4a" />
      <rect x="52" y="70" width="180" height="5" fill="#ffc928" />
      {[80, 104, 128, 152, 176, 200].map((x) => (
        <circle key={x} cx={x} cy="84" r="3.5" fill="#e3f1fc" />
      ))}
      {/* the treasure chest on a sandbank */}
      <ellipse cx="300" cy="104" rx="52" ry="11" fill="#f1deb0" />
      <circle cx="284" cy="66" r="6" fill="#ffc928" stroke="#8a5a00" strokeWidth="1.5" />
      <circle cx="298" cy="61" r="6" fill="#ffc928" stroke="#8a5a00" strokeWidth="1.5" />
      <circle cx="312" cy="66" r="6" fill="#ffc928" stroke="#8a5a00" strokeWidth="1.5" />
      <path d="M266 74 Q298 50 330 74 Z" fill="#a86d10" stroke="#5c3a00" strokeWidth="2" />
      <rect x="266" y="74" width="64" height="28" rx="3" fill="#8a5a00" stroke="#5c3a00" strokeWidth="2" />
      <rect x="276" y="74" width="6" height="28" fill="#ffc928" />
      <rect x="314" y="74" width="6" height="28" fill="#ffc928" />
      <rect x="292" y="78" width="12" height="12" rx="2" fill="#ffc928" stroke="#5c3a00" strokeWidth="1.5" />
      {/* a rubber duck bobbing alongside */}
      <ellipse cx="26" cy="100" rx="13" ry="7" fill="#ffc928" />
      <circle cx="33" cy="90" r="6.5" fill="#ffc928" />
      <path d="M39 89 l7 2 -7 3 Z" fill="#e8731c" />
      <circle cx="35" cy="88.5" r="1.3" fill="#10223a" />
    </svg>
  );
}
