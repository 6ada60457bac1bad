// A software authenticator for the server's passkey tests: an ES256 key pair from node:crypto, answering WebAuthn
// registration ('none' attestation) and authentication ceremonies as a browser would hand them to the server.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface RegistrationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
export interface AuthenticationOptions {
  challenge: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cose: Uint8Array;
  /** The signature counter; tests set it back to replay an old one. */
  counter = 0;
  userHandle = '';
  rpId = 'localhost';

  constructor(
    readonly origin = 'http://localhost:3000',
    /** Whether the authenticator says it verified the user (PIN, biometric). */
    readonly verifiesUser = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(this.rpId), Buffer.from([flags | (this.verifiesUser ? UV : 0)]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** What startRegistration answers for these options (`challenge` overrides the one signed). */
  register(options: RegistrationOptions, overrides: { challenge?: string; origin?: string } = {}) {
    this.rpId = options.rp.id;
    this.userHandle = options.user.id;
    const authData = this.authData(UP | AT, true);
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** What startAuthentication answers for these options: the counter moves on first, as a real one's does. */
  authenticate(options: AuthenticationOptions, overrides: { challenge?: string; userHandle?: string; keepCounter?: boolean } = {}) {
    if (!overrides.keepCounter) this.counter += 1;
    const authData = this.authData(UP, false);
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: overrides.userHandle ?? this.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
