// Help topics that are not commands (`practice help exit-codes`, `practice help environment`,
// `practice help formats`), the text README shows as well.

export const EXIT_CODES = `Exit codes

  0    OK: the command did what was asked, or what it asks for already holds
       (a second \`client archive\`, \`note sign\` of a signed note): a notice
       says so, and running a command again is safe.
  1    Failure: the command ran and failed: the server refused (a duplicate
       email, a signed note), the network broke, or a record was not found,
       however it was named: a full id, a short id or prefix, or a name
       (\`--client nobody\`). The message says what happened and what to do.
  2    Invalid usage or input: a flag, argument or value is wrong, an id is not
       one (not hex), a short id or name matches several records, or a prompt
       was needed without a terminal. Nothing was changed; nothing was sent
       beyond the lookup of a name or short id.
  4    Not signed in, or the server rejected the credentials (expired or revoked
       session, wrong password, invalid token or API key).
       Fix with \`practice auth login\`.
  130  Cancelled with Ctrl-C at a question; nothing more was sent.

A verb whose end state already holds (a second \`appt confirm\`, \`client archive\` of
an archived client) changes nothing, says so, and exits 0: scripts may re-run it.
\`appt unresolved\` and \`note missing\` exit 1 while they list anything.

Scripts can rely on these: e.g. \`practice auth status >/dev/null || practice auth login\`.
`;

const ENVIRONMENT = `Environment variables

  PRACTICE_PROFILE     the profile to use (like --profile); default: the one
                       chosen with \`practice profile use\`, else "local"
  PRACTICE_URL         the project URL (root or .../rest/v1), overriding the profile's
  PRACTICE_ANON_KEY    the project's anon key, overriding the profile's
  PRACTICE_TOKEN       an access token to send as is (never renewed or stored);
                       for scripts and cron jobs
  PRACTICE_CONFIG_DIR  where profiles and sessions are kept
                       (default: $XDG_CONFIG_HOME/practice, ~/.config/practice)
  XDG_DATA_HOME        the local service keeps its data under $XDG_DATA_HOME/practice
                       (default: ~/.local/share/practice)
  XDG_CACHE_HOME       on Node 22+, compiled code is cached under $XDG_CACHE_HOME/practice
                       (default: ~/.cache/practice), so commands start faster;
                       safe to delete at any time (NODE_COMPILE_CACHE: elsewhere)
  NODE_DISABLE_COMPILE_CACHE  set to anything: no compiled-code cache
  NO_COLOR             set to anything: no colour
  CLICOLOR_FORCE       set to 1: colour even when the output is not a terminal
`;

// A summary of docs/formats.md: what a script or a person opening the files needs to know.
const FORMATS = `File formats (in full: docs/formats.md)

Command output: --json, --format ndjson|csv
  One shape rule. A command about one record (add, show, update, delete,
  the status verbs confirm|complete|cancel|no-show, reschedule, sign, amend,
  archive, retire) prints one JSON object; a list command (list, search,
  today, week, hours show, and hours set, which replaces a day's rows)
  prints an array, even of one record or none; so does a command that changes
  several (appt add --repeat, cancel or reschedule with --following or
  --series, remind). --json a,b prints only the
  fields named, in that order (each command's help lists them).
  client show --json: the client's own fields (its notes too), plus
  "appointments" and "session_notes": the --recent latest, newest first.
  appt slots --json: one object, the range and the length asked for, with
  "days", each with its "free" intervals and (with a length) "slots".
  --format ndjson: one JSON record a line. --format csv: a header line and a
  row a record, through the same writer as exports (formula guard below).
  Tables, TSV and messages show control characters in the data escaped
  (ESC as \\x1b, tab as \\t, newline as \\n in a cell); JSON is unchanged.

Backup: \`practice export\`, \`practice import\`
  One JSON document: {"format": "practice-export", "version": 1, "exported_at",
  "source": {"url"}, "tables": {...}} with all seven tables, in the order an
  import inserts them: clients, service_menu, business_hours, appointments,
  sessions, expenses, conversation_log. One row a line; every column as the
  service returns it; ids kept; therapist_id left out (the target practice
  fills it in). No keys or tokens. A newer version is refused, not misread.
  Import checks the whole file (schemas, unique ids, references) before it
  sends anything, then sends each table in batches that skip rows whose id
  is already there: running it again adds nothing.

Day sheet: \`practice appt export --format json|csv|ics\`
  JSON and CSV columns: id, date, start_time, end_time, status, client_id,
  client_name, service_id, service_name, notes.
  CSV: RFC 4180, CRLF line ends; a text cell starting with = + - @, tab or CR
  is written with a leading ' so a spreadsheet does not run it as a formula
  (text of only digits and arithmetic, like +49 30 1234-56, stays as it is).
  Every CSV the CLI writes follows these rules.
  ics: RFC 5545; UID <appointment id>@practice stays the same across exports;
  times in UTC; requested and scheduled are TENTATIVE, cancelled CANCELLED
  (and TRANSPARENT); a request's summary begins "Request: ".
  --redact: client names as initials (Ann Marie Lee -> A. M. L.), no notes.

Client list: \`practice client import clients.csv\`
  CSV with a header line; separated by , ; or tab; UTF-8. Headers matched
  ignoring case, spaces, _ - and .: name (or first name + last name), phone,
  email, notes, status (active|inactive), total visits. Other columns are
  listed as ignored. Every problem is reported with its row and column, and
  then nothing is imported: all or nothing.
`;

export const TOPICS: Record<string, { summary: string; text: string }> = {
  'exit-codes': { summary: 'what each exit status means', text: EXIT_CODES },
  environment: { summary: 'environment variables the CLI reads', text: ENVIRONMENT },
  formats: { summary: 'the JSON shape rule, and the files export, import and appt export read and write', text: FORMATS },
};
