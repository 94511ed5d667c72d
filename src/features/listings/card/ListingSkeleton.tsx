/**
 * Listing cards while their page loads, drawn as the prerendered shell draws them
 * (src/app/shell: the same classes, inlined in index.html), so the page React renders lands on
 * the shell's boxes and the cards replace the skeleton in place.
 */
export function ListingSkeleton({ label, heading = false }: { label: string; heading?: boolean }) {
  return (
    // As tall as the screen: the footer stays below the fold until the cards are in.
    <div role="status" aria-label={label} style={{ minHeight: '100dvh' }}>
      {heading && <div className="sh-heading" />}
      <div className="sh-card" aria-hidden="true">
        <div className="sh-photo" />
        <div className="sh-lines">
          <span />
          <span />
          <span />
        </div>
      </div>
    </div>
  );
}
