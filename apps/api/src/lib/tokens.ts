import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "./app-error.ts";

const ISSUER = "costflow";

interface RefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

interface AccessClaims {
  userId: number;
  /** The refresh family of the session: a revoked family ends its access tokens too. */
  familyId: string;
}

/** Verified access tokens kept (see verifyAccess); the oldest are dropped beyond this. */
const VERIFIED_CACHE_SIZE = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signs and checks the two JWTs (HS256). Access tokens carry the user id and the session's
 * refresh family: company, membership, permissions and whether the family is still live are
 * read from the database on every request.
 */
export function createTokenService(secret: string, ttl: { accessSeconds: number; refreshSeconds: number }) {
  const key = new TextEncoder().encode(secret);
  /**
   * Access tokens already verified, with their expiry. Verifying an HS256 signature through
   * WebCrypto cost about 1 ms of CPU per request (profiled under load, docs/performance.md,
   * "Load"), and a signature's validity is a function of the token text alone: a cached token is
   * still refused once expired, and the session checks (family live, user active) run on every
   * request regardless.
   */
  const verified = new Map<string, AccessClaims & { expiresAtMs: number }>();

  async function verify(token: string, type: "access" | "refresh") {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (payload.typ !== type || typeof payload.sub !== "string" || !/^\d+$/.test(payload.sub)) {
        throw new AppError("TOKEN_INVALID", [], `not a ${type} token`);
      }
      return payload;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof errors.JWTExpired ? "expired" : "invalid";
      throw new AppError("TOKEN_INVALID", [], `${type} token ${reason}`);
    }
  }

  return {
    refreshSeconds: ttl.refreshSeconds,

    signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ typ: "access", fam: claims.familyId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttl.accessSeconds}s`)
        .sign(key);
    },

    signRefresh(claims: RefreshClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ typ: "refresh", fam: claims.familyId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(String(claims.userId))
        .setJti(claims.jti)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    /**
     * The user and family of a valid access token; TOKEN_INVALID otherwise (also for a token
     * without a family, as signed before families were carried: the client refreshes).
     */
    async verifyAccess(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return { userId: known.userId, familyId: known.familyId };
        verified.delete(token);
      }
      const payload = await verify(token, "access");
      if (typeof payload.fam !== "string" || !UUID.test(payload.fam)) {
        throw new AppError("TOKEN_INVALID", [], "access token without a family");
      }
      const claims = { userId: Number(payload.sub), familyId: payload.fam };
      if (typeof payload.exp === "number") {
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    },

    async verifyRefresh(token: string): Promise<RefreshClaims> {
      const payload = await verify(token, "refresh");
      if (typeof payload.jti !== "string" || typeof payload.fam !== "string") {
        throw new AppError("TOKEN_INVALID", [], "refresh token without jti/fam");
      }
      return { userId: Number(payload.sub), jti: payload.jti, familyId: payload.fam };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
