// Passkeys' inputs and answers (docs/product.md#passkeys), shared with the client. The ceremony's options and the
// authenticator's response are WebAuthn's own JSON (as @simplewebauthn/browser reads and makes them).
import { z } from 'zod';
import { currentPassword } from './account';
import { codeField } from './second-factor';
import { lineText, nameText, textRuleMessage } from './text';
import { loginResultView } from './views';

const B64URL_RE = /^[A-Za-z0-9_-]*$/;
const notAccepted = 'The passkey’s answer is not valid';
/** A binary field of the authenticator's answer, base64url as WebAuthn's JSON carries it; taken exactly as sent. */
const b64url = (max: number) => lineText({ message: notAccepted, error: notAccepted, trim: false }).max(max, notAccepted).regex(B64URL_RE, notAccepted);

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional();
const attachment = z.enum(['platform', 'cross-platform']).optional();
const clientExtensionResults = z.record(z.string().max(64), z.unknown()).default({});

/** A credential as WebAuthn's JSON carries it, with its ceremony's own fields of `response` beside clientDataJSON. */
const credentialOf = <R extends z.ZodRawShape>(response: R) =>
  z.object(
    {
      id: b64url(1400).min(1),
      rawId: b64url(1400).min(1),
      type: z.literal('public-key'),
      response: z.object({ clientDataJSON: b64url(4000).min(1), ...response }),
      authenticatorAttachment: attachment,
      clientExtensionResults,
    },
    { error: notAccepted },
  );

/** What the browser's navigator.credentials.create() made, as @simplewebauthn/browser's startRegistration answers it. */
export const registrationResponse = credentialOf({
  attestationObject: b64url(40_000).min(1),
  transports,
  authenticatorData: b64url(40_000).optional(),
  publicKey: b64url(4000).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
});

/** What navigator.credentials.get() made, as startAuthentication answers it. */
export const authenticationResponse = credentialOf({
  authenticatorData: b64url(40_000).min(1),
  signature: b64url(4000).min(1),
  userHandle: b64url(256).optional(),
});

export const PASSKEY_NAME_MAX = 60;
const passkeyName = nameText({ error: 'Give the passkey a name', message: textRuleMessage('The name') })
  .min(1, 'Give the passkey a name, such as “My phone”')
  .max(PASSKEY_NAME_MAX, `The name can be ${PASSKEY_NAME_MAX} characters at most`);

export const passkeyMessages = {
  /** An account whose address is not proved may be a stranger's registration of it (docs/product.md#passkeys). */
  unconfirmed: 'Confirm your e-mail address before adding a passkey: open the link we sent you.',
  /** Staff with a second factor: a code as well as the password. */
  codeRequired: 'Enter the code from your authenticator app, or a recovery code',
} as const;

/**
 * POST /api/account/passkeys/options: the current password, and for staff with a second factor a code, so a session
 * left open is not enough to add a way in that outlives a password change (docs/product.md#passkeys).
 */
export const passkeyOptionsInput = z.object({ currentPassword, code: codeField.optional() });
export type PasskeyOptionsInput = z.infer<typeof passkeyOptionsInput>;

/** POST /api/account/passkeys: the name and the authenticator's answer to the options just given. */
export const addPasskeyInput = z.object({ name: passkeyName, response: registrationResponse });
export type AddPasskeyInput = z.infer<typeof addPasskeyInput>;

export const removePasskeyInput = z.object({ id: z.number({ error: 'Say which passkey' }).int().positive() });

/** POST /api/login/passkey: the authenticator's answer to the sign-in options. */
export const passkeyLoginInput = z.object({ response: authenticationResponse, remember: z.boolean().optional().default(false) });
export type PasskeyLoginInput = z.infer<typeof passkeyLoginInput>;

/** A ceremony's options, handed unchanged to startRegistration / startAuthentication as `optionsJSON`. */
export const passkeyOptionsView = z
  .strictObject({ options: z.record(z.string(), z.unknown()).meta({ description: 'WebAuthn PublicKeyCredential options, JSON-encoded (challenge valid five minutes, once)' }) })
  .meta({ id: 'PasskeyOptions' });
export type PasskeyOptions = z.infer<typeof passkeyOptionsView>;

export const passkeyView = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyView = z.infer<typeof passkeyView>;

export const passkeyListView = z.strictObject({ passkeys: z.array(passkeyView) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof passkeyListView>;

export { loginResultView as passkeyLoginView };
