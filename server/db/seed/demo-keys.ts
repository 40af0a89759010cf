/**
 * The names of everything in the demo shop (docs/demo-shop.md). Slugs are the public contract other
 * tests find items by; audiences and upsells have no slug, so they get a key used only by the seed.
 */

export const PRODUCT_SLUGS = [
  'aquarium-entry',
  'zoo-day-ticket',
  'zoo-guidebook',
  'behind-the-scenes',
  'school-group-visit',
  'penguin-feeding',
  'night-at-the-aquarium',
] as const;
export type ProductSlug = (typeof PRODUCT_SLUGS)[number];

export const SUBSCRIPTION_SLUGS = ['family-membership', 'online-aquarium-pass'] as const;
export type SubscriptionSlug = (typeof SUBSCRIPTION_SLUGS)[number];

export const VOUCHER_SLUGS = ['gift-voucher'] as const;
export type VoucherSlug = (typeof VOUCHER_SLUGS)[number];

export const CATEGORY_SLUGS = ['day-tickets', 'guided-tours', 'memberships-and-gifts', 'winter-lights'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const AUDIENCE_KEYS = ['adult', 'child', 'senior', 'teacher', 'pupil', 'staff'] as const;
export type AudienceKey = (typeof AUDIENCE_KEYS)[number];

export const UPSELL_KEYS = ['audio-guide', 'fish-food', 'sea-turtles', 'penguin-photo', 'parking-pass'] as const;
export type UpsellKey = (typeof UPSELL_KEYS)[number];

export type ProductIds = Record<ProductSlug, number>;
export type SubscriptionIds = Record<SubscriptionSlug, number>;
export type VoucherIds = Record<VoucherSlug, number>;
export type AudienceIds = Record<AudienceKey, number>;
export type UpsellIds = Record<UpsellKey, number>;

/** Customer field names: the keys their values travel under in `customer.fields`. */
export const CUSTOMER_FIELD_NAMES = [
  'first_name',
  'last_name',
  'email',
  'email_confirm',
  'phone',
  'company',
  'address',
  'zipcode',
  'city',
  'vat_id',
  'date_of_birth',
  'group_size',
  'dietary_needs',
  'heard_about_us',
  'safety_rules',
  'newsletter',
] as const;
export type CustomerFieldName = (typeof CUSTOMER_FIELD_NAMES)[number];
export type CustomerFieldIds = Record<CustomerFieldName, number>;
