/** The small icon beside a coupon's discount: a coin for credits, % or € for the others. */
export function DiscountIcon({ type }: { type: string }) {
  const glyph = type === 'credits' ? 'C' : type === 'percentage' ? '%' : '€';
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ verticalAlign: '-3px' }}>
      <circle cx="8" cy="8" r="7.25" fill={type === 'credits' ? '#f1c40f' : 'none'} stroke="currentColor" strokeWidth="1.5" />
      <text x="8" y="11.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="currentColor">
        {glyph}
      </text>
    </svg>
  );
}
