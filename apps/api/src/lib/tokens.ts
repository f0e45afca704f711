import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "./app-error.ts";

const ISSUER = "costflow";

export interface RefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

export interface AccessClaims {
  userId: number;
  /** The refresh family of the session: a revoked family ends its access tokens too. */
  familyId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signs and checks the two JWTs (HS256). Access tokens carry the user id and the session's
 * refresh family: company, membership, permissions and whether the family is still live are
 * read from the database on every request.
 */
export function createTokenService(secret: string, ttl: { accessSeconds: number; refreshSeconds: number }) {
  const key = new TextEncoder().encode(secret);

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
      const payload = await verify(token, "access");
      if (typeof payload.fam !== "string" || !UUID.test(payload.fam)) {
        throw new AppError("TOKEN_INVALID", [], "access token without a family");
      }
      return { userId: Number(payload.sub), familyId: payload.fam };
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
