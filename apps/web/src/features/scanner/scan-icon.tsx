// The scan button's viewfinder icon: the visitor's scan button and the console's voucher scanner show the same one.
export function ScanIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M3 8V3h5M16 3h5v5M21 16v5h-5M8 21H3v-5M7 12h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
