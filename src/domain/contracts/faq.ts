/** GET /api/faq (spec section 3, FAQ). */
export interface FaqQuestion {
  id: number;
  question: string;
  /** HTML, sanitised by the API. */
  answer: string;
}

export interface Faq {
  faq_enabled: boolean;
  questions: FaqQuestion[];
  phone_number: string | null;
  email: string | null;
  whatsapp_url: string | null;
  opening_hours_url: string | null;
  rebooking_allowed: boolean;
  /** Present only when rebooking is allowed. */
  rebooking_secret: string | null;
}
