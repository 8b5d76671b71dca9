// GET /auth/v1/settings and /health as Supabase Auth answers them (settings.go, api.go): what the
// embedded service offers (email and password, confirmed at once) and who it is.
import type { AccountStore } from './account-store.js';

/** Supabase Auth's external providers, all off but email: the embedded service signs in by password only. */
const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
  'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
  'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
] as const;

/** Where the accounts are the project's Supabase Auth's, email is off too and sign-up closed, as its refusals say. */
export function authSettings(accountStore: AccountStore) {
  const accounts = accountStore === 'embedded';
  return {
    external: Object.fromEntries(PROVIDERS.map((provider) => [provider, provider === 'email' && accounts])),
    disable_signup: !accounts,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export const AUTH_HEALTH = {
  version: 'practice',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
};
