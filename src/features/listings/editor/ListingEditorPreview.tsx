import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useObjectUrl } from '@/lib/useObjectUrl.ts';
import { ListingCard } from '../card/ListingCard.tsx';
import { previewListing, type ListingFormValues } from './listingForm.ts';
import type { Listing, ListingPhoto } from '../shape.ts';


/**
 * The visitor's card for what is typed so far: the first chosen photo (not uploaded yet) or,
 * when editing, the listing's own photos. Not interactive (inert): its links lead nowhere yet.
 */
export function ListingEditorPreview({
  values,
  firstDraftPhoto,
  listing,
}: {
  values: ListingFormValues;
  firstDraftPhoto?: Blob;
  /** The listing being edited: its dates, promotion and photos. */
  listing?: Listing;
}) {
  const draftUrl = useObjectUrl(firstDraftPhoto);
  const photos = useMemo<ListingPhoto[]>(() => {
    if (listing?.photos.length) return listing.photos;
    return draftUrl ? [{ id: 'anteprima', url: draftUrl, is_primary: true, created_at: new Date(0).toISOString() }] : [];
  }, [listing, draftUrl]);
  const shown = previewListing(values, { id: listing?.id, photos, base: listing });
  if (!shown.title) shown.title = t.listingEditor.fields.title;
  return (
    <section aria-labelledby="listing-preview-title" data-testid="listing-preview">
      <Text id="listing-preview-title" fw={600} mb="xs">
        {t.listingEditor.sections.preview}
      </Text>
      <div inert>
        <ListingCard listing={shown} />
      </div>
    </section>
  );
}
