/**
 * The listing columns visitors and users may select (the listings migration's column grants,
 * issue 41): what a page and a card show. Clients name them; `select=*` is refused.
 */
export const PUBLIC_LISTING_COLUMNS = [
  'id', 'user_id', 'title', 'category', 'city', 'zone', 'age', 'description', 'created_at', 'expires_at', 'is_premium',
  'promotion_mode', 'promotion_start_at', 'promotion_end_at', 'last_bumped_at', 'is_paused', 'slug', 'ethnicity', 'nationality',
  'breast_type', 'hair_color', 'body_type', 'eye_color', 'meeting_type', 'availability_for', 'meeting_location', 'offered_services',
  'hourly_rate', 'review_status', 'available_until', 'photos_verified_at',
] as const;

/** The same as a select list. */
export const PUBLIC_LISTING_SELECT = PUBLIC_LISTING_COLUMNS.join(', ');
