// The fixed value lists of the practice's records, apart from their zod schemas (records.ts), so a
// command that only lists or shows them does not load zod.

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export const CONVERSATION_ROLES = ['client', 'therapist', 'assistant'] as const;
export const CONVERSATION_CHANNELS = ['sms', 'email', 'chat', 'phone', 'web', 'other'] as const;
/** The four parts of a SOAP note, in the order a note is written and read. */
export const SOAP_PARTS = ['subjective', 'objective', 'assessment', 'plan'] as const;

/** Offered in help and completion; the service takes any lower-case category. */
export const SUGGESTED_EXPENSE_CATEGORIES = [
  'supplies', 'rent', 'equipment', 'linens', 'laundry', 'education', 'insurance',
  'marketing', 'software', 'travel', 'fees', 'other',
] as const;

export type ConversationRole = (typeof CONVERSATION_ROLES)[number];
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
export type SoapPart = (typeof SOAP_PARTS)[number];
