// What a person reads instead of a database constraint's name. A backend that passes PostgreSQL's
// text through (`duplicate key value violates unique constraint "clients_email_key"`) names rules no
// person knows; the error printer (program.ts) says them in plain words, from this one table.

const CONSTRAINTS: Record<string, string> = {
  clients_pkey: 'a client with this id already exists',
  clients_email_key: 'another client already has this email (emails are unique, any case)',
  clients_name_check: 'a client needs a name',
  clients_status_check: "a client's status is active or inactive",
  clients_total_visits_check: 'total visits cannot be below 0',
  service_menu_pkey: 'a service with this id already exists',
  service_menu_name_key: 'another service on the menu already has this name (names are unique, any case)',
  service_menu_name_check: 'a service needs a name',
  service_menu_duration_check: 'a duration is 1 to 1440 minutes',
  service_menu_price_check: 'a price cannot be below 0',
  service_menu_buffer_minutes_check: 'a buffer cannot be below 0 minutes',
  business_hours_pkey: 'opening hours with this id already exist',
  business_hours_day_of_week_check: 'the day is a weekday name, monday to sunday',
  business_hours_close_after_open: 'the closing time must be after the opening time',
  business_hours_no_overlap: 'these hours overlap hours already set for that day',
  appointments_pkey: 'an appointment with this id already exists',
  appointments_therapist_id_id_client_id_key: 'an appointment with this id already exists',
  appointments_client_fkey: 'the client does not exist in this practice',
  appointments_service_fkey: 'the service does not exist in this practice',
  appointments_status_check: 'the status is not one an appointment can have',
  appointments_end_after_start: 'an appointment must end after it starts',
  appointments_no_overlap: 'another appointment already takes that time',
  sessions_pkey: 'a note with this id already exists',
  sessions_therapist_id_id_client_id_key: 'a note with this id already exists',
  sessions_client_fkey: 'the client does not exist in this practice',
  sessions_appointment_fkey: "the appointment does not exist, or is another client's",
  sessions_amends_fkey: "the note it amends does not exist, or is another client's",
  sessions_content_check: 'a note needs at least one of its four parts written',
  sessions_amends_other_check: 'a note cannot amend itself',
  sessions_one_per_appointment: 'that appointment already has a note',
  expenses_pkey: 'an expense with this id already exists',
  expenses_amount_check: 'an amount must be more than 0',
  expenses_category_check: 'an expense needs a category',
  expenses_category_lower_case: 'a category is written in lower case',
  conversation_log_pkey: 'a message with this id already exists',
  conversation_log_client_fkey: 'the client does not exist in this practice',
  conversation_log_role_check: 'the role is client, therapist or assistant',
  conversation_log_channel_check: 'the channel is sms, email, chat, phone, web or other',
  conversation_log_message_check: 'a message needs text',
};

// PostgreSQL's wording for each kind of constraint, as it names the constraint in its messages.
const NAMED_CONSTRAINT = /\b(?:constraint|index) "([^"]+)"/;

/**
 * A message that names a database constraint, in plain words: `The change was refused: another
 * client already has this email ...`; null when `message` names none.
 */
export function plainRefusal(message: string): string | null {
  const name = message.match(NAMED_CONSTRAINT)?.[1];
  if (name === undefined) return null;
  return `The change was refused: ${CONSTRAINTS[name] ?? 'it breaks a rule of the practice data'}.`;
}
