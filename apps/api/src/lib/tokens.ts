import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "./app-error.ts";

const ISSUER = "costflow";

export interface RefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

/**
 * Signs and checks the two JWTs (HS256). Access tokens carry only the user id: company,
 * membership and permissions are read from the database on every request.
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

    signAccess(userId: number): Promise<string> {
      return new SignJWT({ typ: "access" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(String(userId))
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

    /** The user id of a valid access token; TOKEN_INVALID otherwise. */
    async verifyAccess(token: string): Promise<number> {
      return Number((await verify(token, "access")).sub);
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
