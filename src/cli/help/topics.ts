// Help topics that are not commands (`practice help exit-codes`, `practice help environment`), the
// text README shows as well.

export const EXIT_CODES = `Exit codes

  0  OK: the command did what was asked.
  1  Failure: the command ran and failed (the server refused, the network broke,
     a record was not found). The message says what happened and what to do.
  2  Invalid usage or input: a flag, argument or value is wrong, or a prompt was
     needed without a terminal. Nothing was sent to the server.
  4  Not signed in, or the server rejected the credentials (expired or revoked
     session, wrong password, invalid token or API key).
     Fix with \`practice auth login\`.

Scripts can rely on these: e.g. \`practice auth status >/dev/null || practice auth login\`.
`;

export const ENVIRONMENT = `Environment variables

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
  NO_COLOR             set to anything: no colour
  CLICOLOR_FORCE       set to 1: colour even when the output is not a terminal
`;

export const TOPICS: Record<string, { summary: string; text: string }> = {
  'exit-codes': { summary: 'what each exit status means', text: EXIT_CODES },
  environment: { summary: 'environment variables the CLI reads', text: ENVIRONMENT },
};
