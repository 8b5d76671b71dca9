// GET /auth/v1/settings and /health as Supabase Auth answers them (settings.go, api.go): what the
// embedded service offers (email and password, confirmed at once) and who it is.

/** Supabase Auth's external providers, all off but email: the embedded service signs in by password only. */
const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
  'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
  'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
] as const;

export const AUTH_SETTINGS = {
  external: Object.fromEntries(PROVIDERS.map((provider) => [provider, provider === 'email'])),
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  saml_private_key_next_configured: false,
  passkeys_enabled: false,
};

export const AUTH_HEALTH = {
  version: 'practice',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};
